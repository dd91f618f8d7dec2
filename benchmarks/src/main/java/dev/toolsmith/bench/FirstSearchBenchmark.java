package dev.toolsmith.bench;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.net.URLClassLoader;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A registry's lexical search index over a compiled tool set, JIT warm: {@code firstSearch} is the
 * first search of a registry just filled by discovery (the index made, then one query), {@code
 * searchAfterOneChange} the first search after one more tool was registered (the index remade).
 * Each iteration has a fresh registry. {@code terms} says whether the index reads the terms the
 * processor wrote ({@code written}) or analyses every tool's text as for a tool registered at run
 * time ({@code analysed}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10)
@Measurement(iterations = 20)
@Fork(
    value = 2,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class FirstSearchBenchmark {

  private static final String QUERY = "convert an amount between currencies for billing";

  @Param({"2000"})
  public int n;

  @Param({"written", "analysed"})
  public String terms;

  private URLClassLoader loader;
  private ToolRegistry registry;

  @Setup(Level.Trial)
  public void extract() {
    loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, n));
  }

  /** A registry of the set's tools; for the second benchmark, searched once and one tool added. */
  @Setup(Level.Iteration)
  public void discover(BenchmarkParams params) {
    ToolRankerFactory lexical = new LexicalRankerFactory();
    registry =
        ToolRegistry.builder()
            .ranker(terms.equals("written") ? lexical : new WithoutWrittenTerms(lexical))
            .build();
    Discovery.builder().classLoader(loader).build().into(registry);
    if (params.getBenchmark().endsWith("searchAfterOneChange")) {
      registry.search(QUERY, 5);
      registry.register(
          ToolEntry.builder("archive_files", "files")
              .schema(
                  "{\"type\":\"object\",\"properties\":{\"paths\":{\"type\":\"array\","
                      + "\"items\":{\"type\":\"string\"},\"description\":\"files to pack\"}}}")
              .description("Packs files into a zip archive.")
              .handler((ToolHandler.Sync) (arguments, context) -> "{}")
              .build());
    }
  }

  /** A ranker factory that hands {@code delegate} documents without the processor's terms. */
  private record WithoutWrittenTerms(ToolRankerFactory delegate) implements ToolRankerFactory {

    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public ToolRanker build(List<SearchDocument> documents) {
      return delegate.build(documents.stream().map(WithoutWrittenTerms::bare).toList());
    }

    @Override
    public ToolRanker rebuild(ToolRanker previous, List<SearchDocument> documents) {
      return delegate.rebuild(previous, documents.stream().map(WithoutWrittenTerms::bare).toList());
    }

    private static SearchDocument bare(SearchDocument d) {
      return new SearchDocument(
          d.name(),
          d.description(),
          d.toolset(),
          d.toolsetDescription(),
          d.parameters(),
          d.keywords());
    }
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    loader.close();
  }

  @Benchmark
  public List<SearchHit> firstSearch() {
    return registry.search(QUERY, 5);
  }

  @Benchmark
  public List<SearchHit> searchAfterOneChange() {
    return registry.search(QUERY, 5);
  }
}
