package dev.toolsmith.bench;

import java.io.IOException;
import java.net.URLClassLoader;
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
 * Cold start-up: from nothing (a fresh JVM, the library's and the tools' classes not yet loaded) to
 * a registry holding the set's N tools and the text of their definitions. One measurement per fork,
 * many forks, default JVM settings: every sample is a first time.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(4)
@State(Scope.Benchmark)
public class StartupBenchmark {

  @Param({"50", "500", "2000"})
  public int n;

  URLClassLoader loader;

  /** Copies this fork's set out of the benchmark jar; not measured. */
  @Setup(Level.Iteration)
  public void extract(BenchmarkParams params) {
    String method = params.getBenchmark();
    String contender =
        method.endsWith(".langchain4j")
            ? ToolSets.LANGCHAIN4J
            : method.endsWith(".springAi")
                ? ToolSets.SPRINGAI
                : method.endsWith(".limit")
                    ? ToolSets.LIMIT
                    : ToolSets.TOOLSMITH; // Toolsmith and the bridges over it
    loader = ToolSets.loader(ToolSets.extract(contender, n));
  }

  @TearDown(Level.Iteration)
  public void close() throws IOException {
    loader.close();
  }

  @Benchmark
  public String limit() {
    return LimitSetContender.load(loader).definitions();
  }

  @Benchmark
  public String toolsmith() {
    return ToolsmithContender.load(loader).definitions();
  }

  @Benchmark
  public String langchain4j() {
    return LangChain4jContender.load(loader).definitions();
  }

  @Benchmark
  public String springAi() {
    return SpringAiContender.load(loader).definitions();
  }

  @Benchmark
  public String springAiBridge() {
    return SpringAiBridgeContender.load(loader).definitions();
  }

  @Benchmark
  public String langchain4jBridge() {
    return LangChain4jBridgeContender.load(loader).definitions();
  }
}
