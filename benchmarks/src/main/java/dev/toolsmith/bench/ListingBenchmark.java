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

/**
 * Listing: the definitions of all N tools in OpenAI's shape, as sent with every model request.
 * Toolsmith runs each toolset's check once per listing; the limit joins pre-built texts after
 * running the same checks; the peers have no checks. The bridges list through each framework's own
 * interfaces (and so run Toolsmith's checks too), then map as the framework's OpenAI module does.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class ListingBenchmark {

  /** The set size, shared by every state. */
  @State(Scope.Benchmark)
  public static class Size {
    @Param({"50", "500", "2000"})
    public int n;
  }

  /** Toolsmith's registry over the set. */
  @State(Scope.Benchmark)
  public static class Toolsmith {
    URLClassLoader loader;
    ToolsmithContender contender;

    @Setup(Level.Trial)
    public void setUp(Size size) {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, size.n));
      contender = ToolsmithContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** The limit, built from Toolsmith's per-tool definitions at set-up. */
  @State(Scope.Benchmark)
  public static class Limit {
    URLClassLoader loader;
    LimitListing listing;

    @Setup(Level.Trial)
    public void setUp(Size size) {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, size.n));
      listing = LimitListing.of(ToolsmithContender.load(loader));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** LangChain4j over the set. */
  @State(Scope.Benchmark)
  public static class LangChain4j {
    URLClassLoader loader;
    LangChain4jContender contender;

    @Setup(Level.Trial)
    public void setUp(Size size) {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.LANGCHAIN4J, size.n));
      contender = LangChain4jContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** Spring AI over the set. */
  @State(Scope.Benchmark)
  public static class SpringAi {
    URLClassLoader loader;
    SpringAiContender contender;

    @Setup(Level.Trial)
    public void setUp(Size size) {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.SPRINGAI, size.n));
      contender = SpringAiContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** Spring AI's callback interface over Toolsmith (the bridge). */
  @State(Scope.Benchmark)
  public static class SpringAiBridge {
    URLClassLoader loader;
    SpringAiBridgeContender contender;

    @Setup(Level.Trial)
    public void setUp(Size size) {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, size.n));
      contender = SpringAiBridgeContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** LangChain4j's provider interface over Toolsmith (the bridge). */
  @State(Scope.Benchmark)
  public static class LangChain4jBridge {
    URLClassLoader loader;
    LangChain4jBridgeContender contender;

    @Setup(Level.Trial)
    public void setUp(Size size) {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, size.n));
      contender = LangChain4jBridgeContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  @Benchmark
  public String limit(Limit s) {
    return s.listing.definitions();
  }

  @Benchmark
  public String toolsmith(Toolsmith s) {
    return s.contender.definitions();
  }

  @Benchmark
  public String langchain4j(LangChain4j s) {
    return s.contender.definitions();
  }

  @Benchmark
  public String springAi(SpringAi s) {
    return s.contender.definitions();
  }

  @Benchmark
  public String springAiBridge(SpringAiBridge s) {
    return s.contender.definitions();
  }

  @Benchmark
  public String langchain4jBridge(LangChain4jBridge s) {
    return s.contender.definitions();
  }
}
