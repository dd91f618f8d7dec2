package dev.toolsmith.bench;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.search.embeddings.HybridRankerFactory;
import dev.toolsmith.search.embeddings.SemanticRankerFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
 * Semantic (MiniLM) and hybrid search over the catalog replicated to 10,000 tools, one query per
 * call in turn, each search embedding its query; the query's embedding alone and a {@code HashMap}
 * lookup beside them. Setup embeds the 676 catalog tools once and gives each copy its original's
 * vector ({@link SemanticRankerFactory#build(List, List)}), so the index is not measured. The
 * hybrid figure fuses that semantic ranker with the lexical one by reciprocal rank exactly as
 * {@link HybridRankerFactory} does (depth 100, k {@value HybridRankerFactory#RRF_K}): the factory
 * itself would embed all 10,000 texts again.
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

  private ToolRanker semantic = new LexicalRankerFactory().build(List.of());
  private ToolRanker lexical = semantic;
  private EmbeddingModel model = new AllMiniLmL6V2EmbeddingModel();
  private Map<String, SearchDocument> byName = new HashMap<>();
  private String[] names = new String[0];
  private int next;

  @Setup
  public void setUp() {
    Path root = SearchCatalog.locate(data);
    List<SearchDocument> catalog = SearchCatalog.read(root.resolve("catalog/tools.jsonl"));
    SemanticRankerFactory factory = new SemanticRankerFactory();
    List<float[]> catalogVectors = factory.vectors(catalog);
    List<SearchDocument> documents = new ArrayList<>(tools);
    List<float[]> vectors = new ArrayList<>(tools);
    for (int i = 0; documents.size() < tools; i++) {
      SearchDocument d = catalog.get(i % catalog.size());
      String name = i < catalog.size() ? d.name() : d.name() + "_copy" + (i / catalog.size());
      documents.add(
          new SearchDocument(
              name,
              d.description(),
              d.toolset(),
              d.toolsetDescription(),
              d.parameters(),
              d.keywords()));
      vectors.add(catalogVectors.get(i % catalog.size()));
    }
    names = documents.stream().map(SearchDocument::name).toArray(String[]::new);
    semantic = factory.build(List.of(names), vectors);
    lexical = new LexicalRankerFactory().build(documents);
    byName = new HashMap<>();
    documents.forEach(d -> byName.put(d.name(), d));
  }

  private String query() {
    next = (next + 1) % QUERIES.length;
    return QUERIES[next];
  }

  @Benchmark
  public List<SearchHit> semanticSearch() {
    return semantic.search(query(), 5, name -> true);
  }

  @Benchmark
  public List<Map.Entry<String, Double>> hybridSearch() {
    String q = query();
    Map<String, Double> fused = new HashMap<>();
    add(fused, semantic.search(q, 100, name -> true));
    add(fused, lexical.search(q, 100, name -> true));
    return fused.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
        .limit(5)
        .toList();
  }

  private static void add(Map<String, Double> fused, List<SearchHit> ranking) {
    for (int rank = 0; rank < ranking.size(); rank++) {
      fused.merge(
          ranking.get(rank).name(), 1.0 / (HybridRankerFactory.RRF_K + rank + 1), Double::sum);
    }
  }

  @Benchmark
  public float[] queryEmbedding() {
    return model.embed(query()).content().vector();
  }

  @Benchmark
  public @Nullable SearchDocument hashMapLookup() {
    next = (next + 1) % names.length;
    return byName.get(names[next]);
  }
}
