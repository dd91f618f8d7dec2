package dev.toolsmith.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
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
 * Compile time: javac (in process, the way build tools run it) on the generated 1000-tool source
 * set in Toolsmith's form, with and without the Toolsmith processor, and the processor alone.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 4)
@Measurement(iterations = 4)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class CompileBenchmark {

  static final String SOURCES = "/bench-sources/toolsmith-n1000/";
  static final String PROCESSOR =
      "dev.toolsmith.processor.ToolProcessor,dev.toolsmith.processor.IndexProcessor";

  JavaCompiler javac;
  Path work;
  List<String> sources;
  String classPath;
  Path out;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no system Java compiler: run the benchmarks on a JDK");
    }
    work = Files.createTempDirectory("toolsmith-bench-compile");
    sources = new ArrayList<>();
    for (String file : lines(SOURCES + "files.txt")) {
      Path target = work.resolve("src").resolve(file);
      Files.createDirectories(target.getParent());
      try (InputStream in = CompileBenchmark.class.getResourceAsStream(SOURCES + file)) {
        Files.copy(in, target);
      }
      sources.add(target.toString());
    }
    classPath = ownClassPath();
  }

  @Setup(Level.Iteration)
  public void freshOutput() throws IOException {
    out = Files.createTempDirectory(work, "out");
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    delete(work);
  }

  @Benchmark
  public int javac() {
    return compile(List.of("-proc:none"));
  }

  @Benchmark
  public int javacWithToolsmith() {
    return compile(List.of("-processorpath", classPath, "-processor", PROCESSOR));
  }

  /**
   * The processor alone: javac parses and attributes, runs it, but writes no class files; this
   * splits the processor's own cost from the cost of compiling the code it generates.
   */
  @Benchmark
  public int javacToolsmithProcOnly() {
    return compile(
        List.of(
            "-processorpath",
            classPath,
            "-processor",
            PROCESSOR,
            "-proc:only",
            "-s",
            out.toString()));
  }

  private int compile(List<String> processing) {
    List<String> options =
        new ArrayList<>(
            List.of(
                "--release",
                "17",
                "-encoding",
                "UTF-8",
                "-nowarn",
                "-classpath",
                classPath,
                "-d",
                out.toString()));
    options.addAll(processing);
    options.addAll(sources);
    int rc = javac.run(null, OutputStream.nullOutputStream(), null, options.toArray(new String[0]));
    if (rc != 0) {
      throw new IllegalStateException("javac failed with " + rc + " (" + processing + ")");
    }
    return rc;
  }

  /** The benchmark jar (or classes folder) holds the annotations, the runtime and the processor. */
  private static String ownClassPath() {
    String cp = System.getProperty("java.class.path");
    try {
      Path self =
          Paths.get(
              CompileBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return cp.contains(self.toString()) ? cp : self + java.io.File.pathSeparator + cp;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> lines(String resource) throws IOException {
    InputStream in = CompileBenchmark.class.getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("missing " + resource + "; build with mvn verify");
    }
    List<String> lines = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.isBlank()) {
          lines.add(line.trim());
        }
      }
    }
    return lines;
  }

  private static void delete(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
