package dev.toolsmith.bench;

import java.io.IOException;
import java.net.URLClassLoader;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Dispatch: JSON arguments in, result string out, for the small and the nested shape, per
 * contender. Run with {@code -prof gc} for bytes allocated per call. Each state loads only its own
 * contender, so a fork's JIT profile holds one library.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(
    value = 2,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class DispatchBenchmark {

  /** The hand-written limit. */
  @State(Scope.Benchmark)
  public static class Limit {
    LimitContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      contender = new LimitContender();
    }
  }

  /** Toolsmith over the 50-tool set. */
  @State(Scope.Benchmark)
  public static class Toolsmith {
    URLClassLoader loader;
    ToolsmithContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, Calls.DISPATCH_SET));
      contender = ToolsmithContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /**
   * Toolsmith over the 50-tool set, dispatching without asking the tools' checks (the reference
   * design): the difference to {@link Toolsmith} is what refusing unavailable tools costs a call.
   */
  @State(Scope.Benchmark)
  public static class ToolsmithUnchecked {
    URLClassLoader loader;
    ToolsmithContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, Calls.DISPATCH_SET));
      contender = ToolsmithContender.loadWithoutDispatchChecks(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /**
   * Toolsmith over the 50-tool set with the built-in guards on, each call its own session: the
   * difference to {@link Toolsmith} is what guarding costs a call.
   */
  @State(Scope.Benchmark)
  public static class ToolsmithGuarded {
    URLClassLoader loader;
    ToolsmithContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, Calls.DISPATCH_SET));
      contender = ToolsmithContender.loadGuarded(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /**
   * Toolsmith over the 50-tool set with one observer: a counter of results and one of errors, the
   * cheapest useful observer, so the difference to {@link Toolsmith} is what observing costs the
   * registry itself.
   */
  @State(Scope.Benchmark)
  public static class ToolsmithObserved {
    URLClassLoader loader;
    ToolsmithContender contender;
    final LongAdder results = new LongAdder();
    final LongAdder errors = new LongAdder();

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, Calls.DISPATCH_SET));
      contender = ToolsmithContender.load(loader);
      contender
          .registry()
          .addObserver(call -> result -> (result.isError() ? errors : results).increment());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      if (results.sum() == 0 || errors.sum() != 0) {
        throw new IllegalStateException(
            "the observer saw " + results.sum() + " results and " + errors.sum() + " errors");
      }
      loader.close();
    }
  }

  /** LangChain4j over the 50-tool set. */
  @State(Scope.Benchmark)
  public static class LangChain4j {
    URLClassLoader loader;
    LangChain4jContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.LANGCHAIN4J, Calls.DISPATCH_SET));
      contender = LangChain4jContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** Spring AI over the 50-tool set. */
  @State(Scope.Benchmark)
  public static class SpringAi {
    URLClassLoader loader;
    SpringAiContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.SPRINGAI, Calls.DISPATCH_SET));
      contender = SpringAiContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** Spring AI's callback interface over Toolsmith (the bridge), 50-tool set. */
  @State(Scope.Benchmark)
  public static class SpringAiBridge {
    URLClassLoader loader;
    SpringAiBridgeContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, Calls.DISPATCH_SET));
      contender = SpringAiBridgeContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  /** LangChain4j's executor interface over Toolsmith (the bridge), 50-tool set. */
  @State(Scope.Benchmark)
  public static class LangChain4jBridge {
    URLClassLoader loader;
    LangChain4jBridgeContender contender;

    @Setup(Level.Trial)
    public void setUp() {
      loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, Calls.DISPATCH_SET));
      contender = LangChain4jBridgeContender.load(loader);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      loader.close();
    }
  }

  @Benchmark
  public String limitSmall(Limit s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String limitNested(Limit s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String toolsmithSmall(Toolsmith s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String toolsmithNested(Toolsmith s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String toolsmithUncheckedSmall(ToolsmithUnchecked s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String toolsmithUncheckedNested(ToolsmithUnchecked s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String toolsmithGuardedSmall(ToolsmithGuarded s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String toolsmithGuardedNested(ToolsmithGuarded s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String toolsmithObservedSmall(ToolsmithObserved s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String toolsmithObservedNested(ToolsmithObserved s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String langchain4jSmall(LangChain4j s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String langchain4jNested(LangChain4j s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String springAiSmall(SpringAi s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String springAiNested(SpringAi s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String springAiBridgeSmall(SpringAiBridge s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String springAiBridgeNested(SpringAiBridge s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }

  @Benchmark
  public String langchain4jBridgeSmall(LangChain4jBridge s) {
    return s.contender.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS);
  }

  @Benchmark
  public String langchain4jBridgeNested(LangChain4jBridge s) {
    return s.contender.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS);
  }
}
