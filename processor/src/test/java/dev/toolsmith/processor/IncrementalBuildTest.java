package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Incremental builds give what a full build gives: javac recompiling a subset of the tool classes
 * with the earlier output on the class path (IDE builders, Maven's incremental mode), and Gradle
 * handing the unchanged classes back as class files ({@code -proc:only} with class names). Real
 * javac on disk, compared tool by tool: names, descriptions from Javadoc, property names, schemas
 * and calls.
 */
final class IncrementalBuildTest {

  /** Described by Javadoc alone, plain parameters: what a class file cannot tell. */
  private static final String ALPHA =
      """
      package demo.inc;

      import dev.toolsmith.annotations.Tool;

      public final class Alpha {
        /**
         * Repeats a word.
         *
         * @param word the word to repeat
         * @param times how many times
         */
        @Tool(toolset = "words")
        public static String repeat(String word, int times) {
          return word.repeat(times);
        }
      }
      """;

  private static final String BETA =
      """
      package demo.inc;

      import dev.toolsmith.annotations.Tool;

      public final class Beta {
        /**
         * Adds two numbers.
         *
         * @param left the first number
         * @param right the second number
         */
        @Tool(toolset = "math")
        public static long add(long left, long right) {
          return left + right;
        }
      }
      """;

  private static final String BETA_WITHOUT_TOOLS =
      """
      package demo.inc;

      public final class Beta {
        public static long add(long left, long right) {
          return left + right;
        }
      }
      """;

  private static final String GAMMA =
      """
      package demo.inc;

      import dev.toolsmith.annotations.Tool;

      public final class Gamma {
        /**
         * Negates a number.
         *
         * @param value the number
         */
        @Tool(toolset = "math")
        public static long negate(long value) {
          return -value;
        }
      }
      """;

  @Test
  void recompilingOneToolClassKeepsTheOthersTools(@TempDir Path dir) throws Exception {
    Path full = build(dir.resolve("full"), Map.of("Alpha", ALPHA, "Beta", BETA));
    Path partial = build(dir.resolve("partial"), Map.of("Alpha", ALPHA, "Beta", BETA));
    // Only Beta's source changes hands; Alpha is on the class path as the last build left it.
    javac(
        List.of(
            "-d",
            partial.toString(),
            "-s",
            newDir(dir, "partial-sources"),
            "-cp",
            classPath(partial)),
        List.of(),
        List.of(write(dir.resolve("src2"), "Beta", BETA)));
    assertSameTools(full, partial);
    assertThat(serviceFile(partial)).isEqualTo(serviceFile(full));
  }

  @Test
  void recompilingAClassThatLostItsToolsWithAnotherToolClassDropsThem(@TempDir Path dir)
      throws Exception {
    Path out = build(dir.resolve("out"), Map.of("Alpha", ALPHA, "Beta", BETA));
    javac(
        List.of("-d", out.toString(), "-s", newDir(dir, "sources2"), "-cp", classPath(out)),
        List.of(),
        List.of(
            write(dir.resolve("src2"), "Beta", BETA_WITHOUT_TOOLS),
            write(dir.resolve("src2"), "Gamma", GAMMA)));
    assertThat(tools(out).keySet()).containsExactly("repeat", "negate");
  }

  @Test
  void aToolNameTakenByAClassNotRecompiledIsAnErrorAsInAFullBuild(@TempDir Path dir) {
    Path out = build(dir.resolve("out"), Map.of("Alpha", ALPHA));
    String twin = ALPHA.replace("class Alpha", "class Twin");
    List<Diagnostic<? extends JavaFileObject>> diagnostics = new ArrayList<>();
    boolean compiled =
        compile(
            List.of("-d", out.toString(), "-s", newDir(dir, "sources2"), "-cp", classPath(out)),
            List.of(),
            List.of(write(dir.resolve("src2"), "Twin", twin)),
            diagnostics);
    assertThat(compiled).isFalse();
    List<String> errors =
        diagnostics.stream()
            .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
            .map(d -> d.getMessage(null))
            .toList();
    assertThat(errors)
        .containsExactly(
            Message.NAME_DUPLICATE.text("repeat", "demo.inc.Alpha_Tools (compiled earlier)"));
  }

  @Test
  void anAdapterGoneSinceTheBuildIsSkippedReportedAndTheOthersLoad(@TempDir Path dir)
      throws Exception {
    Path out = build(dir.resolve("out"), Map.of("Alpha", ALPHA, "Beta", BETA));
    try (Stream<Path> files = Files.list(out.resolve("demo/inc"))) {
      for (Path file : files.toList()) {
        if (file.getFileName().toString().startsWith("Beta_Tools")) {
          Files.delete(file);
        }
      }
    }
    assertThat(tools(out).keySet()).containsExactly("repeat");
    try (URLClassLoader loader = Compiled.loader(out)) {
      DiscoveryReport report =
          Discovery.builder().classLoader(loader).build().into(ToolRegistry.create());
      assertThat(report.failures()).hasSize(1);
      assertThat(report.failures().get(0).detail())
          .startsWith(
              "demo.inc.Beta_Tools failed to load; skipped: java.lang.NoClassDefFoundError");
    }
  }

  @Test
  void gradleReprocessingClassFilesGivesTheFullBuildsIndex(@TempDir Path dir) throws Exception {
    reprocessClassFiles(dir, Compiled.processors());
  }

  @Test
  void gradleReprocessingBehindItsWrappedEnvironmentGivesTheFullBuildsIndex(@TempDir Path dir)
      throws Exception {
    // Gradle hands incremental processors its own ProcessingEnvironment wrapping javac's.
    reprocessClassFiles(
        dir,
        Compiled.processors().stream()
            .map(GradleLikeProcessor::new)
            .map(p -> (Processor) p)
            .toList());
  }

  private static void reprocessClassFiles(Path dir, List<Processor> processors) throws Exception {
    Path full = build(dir.resolve("full"), Map.of("Alpha", ALPHA, "Beta", BETA));
    // Gradle deletes what the aggregating step wrote, then hands it the unchanged annotated
    // types (tool classes and adapters) as class names.
    Path out = copy(full, dir.resolve("gradle"));
    String index = serviceFile(full).trim();
    Files.delete(out.resolve(index.replace('.', '/') + ".class"));
    Files.delete(out.resolve(Names.SERVICE_FILE));
    Path generated = dir.resolve("gradle-sources");
    List<Diagnostic<? extends JavaFileObject>> diagnostics = new ArrayList<>();
    boolean compiled =
        compile(
            List.of(
                "-proc:only",
                "-d",
                out.toString(),
                "-s",
                newDir(dir, "gradle-sources"),
                "-cp",
                classPath(out)),
            List.of(
                "demo.inc.Alpha", "demo.inc.Beta", "demo.inc.Alpha_Tools", "demo.inc.Beta_Tools"),
            List.of(),
            processors,
            diagnostics);
    assertWithMessage("diagnostics").that(diagnostics).isEmpty();
    assertThat(compiled).isTrue();
    try (Stream<Path> files = Files.walk(generated)) {
      // Adapters are never regenerated from class files: those have no Javadoc, no names.
      assertThat(files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).toList())
          .containsExactly(index.substring(index.lastIndexOf('.') + 1) + ".java");
    }
    javac(
        List.of("-proc:none", "-d", out.toString(), "-cp", classPath(out)),
        List.of(),
        List.of(generated.resolve(index.replace('.', '/') + ".java")));
    assertSameTools(full, out);
    assertThat(serviceFile(out)).isEqualTo(serviceFile(full));
  }

  /** A full build of {@code sources} (simple name to text) into {@code dir}/classes. */
  private static Path build(Path dir, Map<String, String> sources) {
    List<Path> files = new ArrayList<>();
    sources.forEach((name, text) -> files.add(write(dir.resolve("src"), name, text)));
    Path classes = dir.resolve("classes");
    javac(
        List.of(
            "-d", newDir(dir, "classes"), "-s", newDir(dir, "sources"), "-cp", classPath(classes)),
        List.of(),
        files);
    return classes;
  }

  /**
   * Runs javac with Toolsmith's processors; asserts it succeeded and returns its diagnostics
   * (warnings and notes).
   */
  private static List<Diagnostic<? extends JavaFileObject>> javac(
      List<String> options, List<String> classNames, List<Path> sources) {
    List<Diagnostic<? extends JavaFileObject>> diagnostics = new ArrayList<>();
    assertWithMessage("javac %s: %s", options, diagnostics)
        .that(compile(options, classNames, sources, diagnostics))
        .isTrue();
    return diagnostics;
  }

  /** Runs javac with Toolsmith's processors, collecting its diagnostics; whether it succeeded. */
  private static boolean compile(
      List<String> options,
      List<String> classNames,
      List<Path> sources,
      List<Diagnostic<? extends JavaFileObject>> into) {
    return compile(options, classNames, sources, Compiled.processors(), into);
  }

  private static boolean compile(
      List<String> options,
      List<String> classNames,
      List<Path> sources,
      List<Processor> processors,
      List<Diagnostic<? extends JavaFileObject>> into) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              diagnostics,
              options,
              classNames.isEmpty() ? null : classNames,
              files.getJavaFileObjectsFromPaths(sources));
      task.setProcessors(processors);
      boolean compiled = task.call();
      into.addAll(diagnostics.getDiagnostics());
      return compiled;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assertSameTools(Path expected, Path actual) throws Exception {
    Map<String, String> want = describe(expected);
    assertThat(describe(actual)).containsExactlyEntriesIn(want);
  }

  /** Each tool as what the model and the caller see: its fields, schema and a call's result. */
  private static Map<String, String> describe(Path classes) throws Exception {
    Map<String, String> described = new TreeMap<>();
    try (URLClassLoader loader = Compiled.loader(classes)) {
      for (ToolEntry entry : Compiled.tools(loader, Bindings.none()).values()) {
        String arguments =
            entry.name().equals("repeat")
                ? "{\"word\":\"ab\",\"times\":2}"
                : "{\"left\":2,\"right\":3}";
        described.put(
            entry.name(),
            String.join(
                "\n",
                entry.toolset(),
                entry.definition().description(),
                entry.definition().schema(),
                Compiled.call(entry, arguments, ToolContext.empty())));
      }
    }
    return described;
  }

  private static Map<String, ToolEntry> tools(Path classes) throws IOException {
    try (URLClassLoader loader = Compiled.loader(classes)) {
      return Compiled.tools(loader, Bindings.none());
    }
  }

  private static String serviceFile(Path classes) throws IOException {
    return Files.readString(classes.resolve(Names.SERVICE_FILE));
  }

  private static String classPath(Path classes) {
    return classes + File.pathSeparator + System.getProperty("java.class.path");
  }

  private static String newDir(Path parent, String name) {
    try {
      return Files.createDirectories(parent.resolve(name)).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path write(Path sourceRoot, String simpleName, String text) {
    try {
      Path file = sourceRoot.resolve("demo/inc/" + simpleName + ".java");
      Files.createDirectories(file.getParent());
      return Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
    return to;
  }
}
