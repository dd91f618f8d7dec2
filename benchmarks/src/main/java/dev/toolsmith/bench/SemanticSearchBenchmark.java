package dev.toolsmith.bench;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.search.embeddings.HybridRankerFactory;
import dev.toolsmith.search.embeddings.SemanticRankerFactory;
import dev.toolsmith.search.embeddings.TextEmbedder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Semantic and hybrid search over 10,000 tools, one query per call in turn, each search embedding
 * its query by every model it uses; each model's query embedding alone and a {@code HashMap} lookup
 * beside them. The tools are the catalog grown as {@link SearchBenchmark}'s are (the lexical part
 * of hybrid reads them); setup embeds the 676 catalog tools once and gives each grown tool its
 * original's vectors ({@link HybridRankerFactory#build(List, Map)}), since embedding 10,000 texts
 * by two models takes minutes and a vector's values do not change a scan's cost.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SemanticSearchBenchmark {

  private static final String[] QUERIES = {
    "create a new issue in the bug tracker",
    "what's the weather going to be tomorrow in Paris",
    "send a message to the team channel",
    "list the files in my drive folder",
    "refund the customer's last payment",
    "schedule a meeting with Ada next Tuesday",
  };

  @Param("10000")
  int tools;

  @Param("shared/toolsearch")
  String data = "shared/toolsearch";

  private EmbeddingModel miniLmModel = new AllMiniLmL6V2EmbeddingModel();
  private EmbeddingModel bgeModel = new BgeSmallEnV15EmbeddingModel();
  private Map<String, SearchDocument> byName = new HashMap<>();
  private String[] names = new String[0];
  private int next;

  /** The baseline's map of the 10,000 tools by name, with no embedding. */
  @Setup
  public void setUp() {
    List<SearchDocument> catalog =
        SearchCatalog.read(SearchCatalog.locate(data).resolve("catalog/tools.jsonl"));
    List<SearchDocument> documents = GrownCatalog.of(catalog, tools);
    names = documents.stream().map(SearchDocument::name).toArray(String[]::new);
    byName = new HashMap<>();
    documents.forEach(d -> byName.put(d.name(), d));
  }

  /** The rankers over 10,000 tools: made only for the benchmarks that search. */
  @State(Scope.Benchmark)
  public static class Index {

    @Param("10000")
    int tools;

    @Param("shared/toolsearch")
    String data = "shared/toolsearch";

    ToolRanker semantic = new LexicalRankerFactory().build(List.of());
    ToolRanker miniLm = semantic;
    ToolRanker hybrid = semantic;

    @Setup
    public void setUp() {
      Path root = SearchCatalog.locate(data);
      List<SearchDocument> catalog = SearchCatalog.read(root.resolve("catalog/tools.jsonl"));
      Map<TextEmbedder, List<float[]>> catalogVectors =
          new SemanticRankerFactory().vectors(catalog);
      List<SearchDocument> documents = GrownCatalog.of(catalog, tools);
      Map<TextEmbedder, List<float[]>> vectors = new EnumMap<>(TextEmbedder.class);
      catalogVectors.forEach(
          (embedder, original) -> {
            List<float[]> grown = new ArrayList<>(tools);
            for (int i = 0; i < tools; i++) {
              grown.add(original.get(i % catalog.size()));
            }
            vectors.put(embedder, grown);
          });
      List<String> toolNames = documents.stream().map(SearchDocument::name).toList();
      semantic = new SemanticRankerFactory().build(toolNames, vectors);
      miniLm =
          new SemanticRankerFactory(List.of(TextEmbedder.MINILM_L6_V2)).build(toolNames, vectors);
      hybrid = new HybridRankerFactory(new LexicalRankerFactory()).build(documents, vectors);
    }
  }

  private String query() {
    next = (next + 1) % QUERIES.length;
    return QUERIES[next];
  }

  /** Both models (MiniLM and BGE), fused: the {@code semantic} ranker's default. */
  @Benchmark
  public List<SearchHit> semanticSearch(Index index) {
    return index.semantic.search(query(), 5, name -> true);
  }

  /** MiniLM alone. */
  @Benchmark
  public List<SearchHit> semanticMiniLmSearch(Index index) {
    return index.miniLm.search(query(), 5, name -> true);
  }

  /** Both models and the lexical ranker, fused: the {@code hybrid} ranker, the default. */
  @Benchmark
  public List<SearchHit> hybridSearch(Index index) {
    return index.hybrid.search(query(), 5, name -> true);
  }

  @Benchmark
  public float[] queryEmbeddingMiniLm() {
    return miniLmModel.embed(query()).content().vector();
  }

  @Benchmark
  public float[] queryEmbeddingBge() {
    return bgeModel.embed(query()).content().vector();
  }

  @Benchmark
  public @Nullable SearchDocument hashMapLookup() {
    next = (next + 1) % names.length;
    return byName.get(names[next]);
  }
}
