package dev.toolsmith.bench;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.annotation.processing.Completion;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The build a user waits for: a small project (ten tools in four classes, written as the guide's
 * getting-started page would have a user write them: records, a sealed interface, enums, java.time,
 * an async tool, a checked one) compiled by whole {@code javac} processes, as a clean Maven or IDE
 * build starts one, without the processor and with each processor path given, in turn, {@code runs}
 * times. Whole processes, because javac in a build tool also starts cold: a new class loader for
 * the processor path at every compilation, nothing of the processor compiled by the JIT.
 *
 * <p>Then, in fresh JVMs ({@code --split}), javac in process with the processor loaded by a new
 * class loader (what Maven's in-process compiler does) and its {@code init} and {@code process}
 * calls timed: the processor's own cost, class loading included, as against what javac then spends
 * compiling the code it generated.
 *
 * <p>{@code java -cp toolsmith-benchmarks.jar dev.toolsmith.bench.SmallProjectCompile [RUNS]
 * CLASS_PATH PROCESSOR_PATH...} (paths separated by {@code File.pathSeparator}); {@code
 * benchmarks/compile-small.sh} resolves them from the local Maven repository.
 */
public final class SmallProjectCompile {

  static final String SOURCES = "/small-project/";
  static final List<String> PROCESSORS =
      List.of("dev.toolsmith.processor.ToolProcessor", "dev.toolsmith.processor.IndexProcessor");

  private static final String JAVAC =
      Path.of(System.getProperty("java.home"), "bin", "javac").toString();
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private SmallProjectCompile() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("--split")) {
      split(args[1], args[2], Path.of(args[3]));
      return;
    }
    int runs = 10;
    List<String> paths = new ArrayList<>();
    for (String arg : args) {
      if (arg.chars().allMatch(Character::isDigit)) {
        runs = Integer.parseInt(arg);
      } else {
        paths.add(arg);
      }
    }
    if (paths.size() < 2) {
      System.err.println("usage: SmallProjectCompile [RUNS] CLASS_PATH PROCESSOR_PATH...");
      System.exit(2);
    }
    String classPath = paths.get(0);
    List<String> processorPaths = paths.subList(1, paths.size());
    Path work = Files.createTempDirectory("small-project");
    List<String> sources = extract(work.resolve("src"));
    double loadBefore = load();
    long[] alone = new long[runs];
    long[][] with = new long[processorPaths.size()][runs];
    long[][] processorOwn = new long[processorPaths.size()][runs];
    long[][] processorCpu = new long[processorPaths.size()][runs];
    for (int i = 0; i < runs; i++) {
      alone[i] = javac(work, classPath, List.of("-proc:none"), sources);
      for (int p = 0; p < processorPaths.size(); p++) {
        String pp = processorPaths.get(p);
        with[p][i] =
            javac(
                work,
                classPath,
                List.of("-processorpath", pp, "-processor", String.join(",", PROCESSORS)),
                sources);
        long[] own = splitProcess(classPath, pp, work);
        processorOwn[p][i] = own[0];
        processorCpu[p][i] = own[1];
      }
    }
    double loadAfter = load();
    System.out.printf(
        Locale.ROOT,
        "%d tools in %d files, %d runs each, in turn; median, min-max (ms); ratio of medians to"
            + " javac alone; load average %.2f before, %.2f after%n",
        10,
        sources.size(),
        runs,
        loadBefore,
        loadAfter);
    double base = median(alone);
    print("javac alone (-proc:none)", alone, base);
    for (int p = 0; p < processorPaths.size(); p++) {
      System.out.println("processor path " + (p + 1) + ": " + processorPaths.get(p));
      print("  javac with the processor", with[p], base);
      print("  the processor's own init+process", processorOwn[p], Double.NaN);
      print("  the same, CPU time of javac's thread", processorCpu[p], Double.NaN);
      long[] ratios = new long[runs];
      for (int i = 0; i < runs; i++) {
        ratios[i] = Math.round(1000.0 * with[p][i] / alone[i]);
      }
      Arrays.sort(ratios);
      System.out.printf(
          Locale.ROOT,
          "  ratio pair by pair: median %.2fx, min-max %.2fx-%.2fx%n",
          median(ratios) / 1000,
          ratios[0] / 1000.0,
          ratios[runs - 1] / 1000.0);
    }
  }

  /** Copies the project's sources into {@code dir}; returns their paths. */
  static List<String> extract(Path dir) throws IOException {
    List<String> sources = new ArrayList<>();
    for (String file : resource("files.txt").lines().toList()) {
      if (file.isBlank()) {
        continue;
      }
      Path target = dir.resolve(file.trim());
      Files.createDirectories(target.getParent());
      Files.writeString(target, resource(file.trim()));
      sources.add(target.toString());
    }
    return sources;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = SmallProjectCompile.class.getResourceAsStream(SOURCES + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + SOURCES + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** One whole javac process into a fresh output folder; returns the nanoseconds it took. */
  private static long javac(
      Path work, String classPath, List<String> processing, List<String> sources) throws Exception {
    Path out = Files.createTempDirectory(work, "out");
    List<String> command = new ArrayList<>(List.of(JAVAC));
    command.addAll(javacOptions(classPath, out));
    command.addAll(processing);
    command.addAll(sources);
    return run(command);
  }

  static List<String> javacOptions(String classPath, Path out) {
    return List.of(
        "--release", "17", "-encoding", "UTF-8", "-classpath", classPath, "-d", out.toString());
  }

  /** A fresh JVM running {@link #split}; returns the nanoseconds it printed (elapsed, CPU). */
  private static long[] splitProcess(String classPath, String processorPath, Path work)
      throws Exception {
    Path out = Files.createTempDirectory(work, "split");
    Process process =
        new ProcessBuilder(
                JAVA,
                "-cp",
                System.getProperty("java.class.path"),
                SmallProjectCompile.class.getName(),
                "--split",
                classPath,
                processorPath,
                out.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IllegalStateException("the split run failed: " + printed);
    }
    String[] both = printed.trim().split(" ", -1);
    return new long[] {Long.parseLong(both[0]), Long.parseLong(both[1])};
  }

  /**
   * javac in this JVM with the processors loaded from {@code processorPath} by a new class loader,
   * their calls timed; prints the nanoseconds spent inside them, elapsed and CPU (class loading and
   * JIT-cold code included, as a build pays them).
   */
  private static void split(String classPath, String processorPath, Path out) throws Exception {
    List<String> sources = extract(out.resolve("src"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    URL[] urls =
        Arrays.stream(processorPath.split(File.pathSeparator))
            .map(SmallProjectCompile::url)
            .toArray(URL[]::new);
    long[] inside = new long[2];
    try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      List<Processor> processors = new ArrayList<>();
      for (String name : PROCESSORS) {
        long start = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        Processor processor =
            (Processor) loader.loadClass(name).getDeclaredConstructor().newInstance();
        inside[0] += System.nanoTime() - start;
        inside[1] += THREADS.getCurrentThreadCpuTime() - cpu;
        processors.add(new Timed(processor, inside));
      }
      Path classes = Files.createDirectories(out.resolve("classes"));
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              null,
              javacOptions(classPath, classes),
              null,
              files.getJavaFileObjectsFromStrings(sources));
      task.setProcessors(processors);
      if (!task.call()) {
        throw new IllegalStateException("javac failed");
      }
    }
    System.out.println(inside[0] + " " + inside[1]);
  }

  private static URL url(String path) {
    try {
      return Path.of(path).toUri().toURL();
    } catch (IOException e) {
      throw new IllegalArgumentException(path, e);
    }
  }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /**
   * A processor that adds the time spent in another's calls to two counters: elapsed, and the CPU
   * time of the calling thread (javac's), which other processes on the machine do not inflate.
   */
  private static final class Timed implements Processor {
    private final Processor inner;
    private final long[] inside;

    Timed(Processor inner, long[] inside) {
      this.inner = inner;
      this.inside = inside;
    }

    @Override
    public Set<String> getSupportedOptions() {
      return inner.getSupportedOptions();
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return inner.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return inner.getSupportedSourceVersion();
    }

    @Override
    public void init(ProcessingEnvironment env) {
      long start = System.nanoTime();
      long cpu = THREADS.getCurrentThreadCpuTime();
      inner.init(env);
      inside[0] += System.nanoTime() - start;
      inside[1] += THREADS.getCurrentThreadCpuTime() - cpu;
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      long start = System.nanoTime();
      long cpu = THREADS.getCurrentThreadCpuTime();
      inner.process(annotations, round);
      inside[0] += System.nanoTime() - start;
      inside[1] += THREADS.getCurrentThreadCpuTime() - cpu;
      return false; // as the processors themselves: they claim nothing
    }

    @Override
    public Iterable<? extends Completion> getCompletions(
        Element element, AnnotationMirror annotation, ExecutableElement member, String text) {
      return inner.getCompletions(element, annotation, member, text);
    }
  }

  /** Runs {@code command} to its end, its output discarded; returns the nanoseconds it took. */
  private static long run(List<String> command) throws Exception {
    long start = System.nanoTime();
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IllegalStateException(command + " failed");
    }
    return System.nanoTime() - start;
  }

  private static void print(String name, long[] samples, double base) {
    long[] s = samples.clone();
    Arrays.sort(s);
    System.out.printf(
        Locale.ROOT,
        "%-36s %7.1f  %7.1f-%7.1f%s%n",
        name,
        median(s) / 1e6,
        s[0] / 1e6,
        s[s.length - 1] / 1e6,
        Double.isNaN(base) ? "" : String.format(Locale.ROOT, "  %5.2fx", median(s) / base));
  }

  /** The system's load average over the last minute, or -1 where the platform has none. */
  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static double median(long[] samples) {
    long[] s = samples.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
