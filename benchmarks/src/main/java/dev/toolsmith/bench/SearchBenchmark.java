package dev.toolsmith.bench;

import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
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
 * Lexical search over the catalog grown to 10,000 distinct tools ({@link GrownCatalog}: invented
 * services and words, so the vocabulary grows as a real catalog's does), one development query per
 * call in turn; a plain {@code HashMap} lookup of a tool name is the baseline.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SearchBenchmark {

  @Param("10000")
  int tools;

  /** Relative: looked up from the working directory upward (repo root, benchmarks/, a worktree). */
  @Param("shared/toolsearch")
  String data = "shared/toolsearch";

  private ToolRanker ranker = new LexicalRankerFactory().build(List.of());
  private Map<String, SearchDocument> byName = new HashMap<>();
  private String[] queries = new String[0];
  private String[] names = new String[0];
  private int next;

  @Setup
  public void setUp() {
    Path root = SearchCatalog.locate(data);
    List<SearchDocument> catalog = SearchCatalog.read(root.resolve("catalog/tools.jsonl"));
    List<SearchDocument> documents = GrownCatalog.of(catalog, tools);
    System.out.printf(
        Locale.ROOT,
        "%n%d tools, %d distinct words (the catalog's %d: %d)%n",
        documents.size(),
        GrownCatalog.distinctWords(documents),
        catalog.size(),
        GrownCatalog.distinctWords(catalog));
    ranker = new LexicalRankerFactory().build(documents);
    byName = new HashMap<>();
    documents.forEach(d -> byName.put(d.name(), d));
    queries =
        SearchQuality.readQueries(root.resolve("queries/dev.jsonl")).stream()
            .map(SearchQuality.Query::text)
            .toArray(String[]::new);
    names = documents.stream().map(SearchDocument::name).toArray(String[]::new);
  }

  @Benchmark
  public List<SearchHit> lexicalSearch() {
    next = (next + 1) % queries.length;
    return ranker.search(queries[next], 5, name -> true);
  }

  @Benchmark
  public @Nullable SearchDocument hashMapLookup() {
    next = (next + 1) % names.length;
    return byName.get(names[next]);
  }
}
