package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.fasterxml.jackson.core.JsonParser;
import dev.toolsmith.annotations.Tool;
import dev.toolsmith.runtime.spi.ToolIndex;
import dev.toolsmith.schema.Dialects;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A project with a {@code module-info.java}: the processor's output compiles in a named module (no
 * {@code @Generated} it cannot see), the index has the stable name its {@code provides} clause
 * states, and a JVM running the module path discovers the tools.
 */
final class NamedModuleTest {

  private static final String GREETER =
      """
      package demo.app;

      import dev.toolsmith.annotations.Tool;

      public final class Greeter {
        /**
         * Greets someone.
         *
         * @param name who to greet
         */
        @Tool(toolset = "greetings")
        public static String greet(String name) {
          return "hello " + name;
        }
      }
      """;

  private static final String MAIN =
      """
      package demo.app;

      import dev.toolsmith.runtime.spi.ConfigException;
      import dev.toolsmith.runtime.ToolRegistry;
      import dev.toolsmith.runtime.discovery.Discovery;
      import dev.toolsmith.runtime.discovery.ToolsmithConfig;

      public final class Main {
        public static void main(String[] args) {
          ToolRegistry registry = Discovery.discover();
          System.out.println(registry.definitions(registry.toolNames()));
          System.out.println(registry.dispatch("greet", "{\\"name\\":\\"module\\"}"));
          try {
            ToolsmithConfig.parse("# nothing\\n", "toolsmith.yaml", java.nio.file.Path.of("."));
            System.out.println("configuration read");
          } catch (ConfigException e) {
            System.out.println(e.getMessage());
          }
        }
      }
      """;

  private static final String MODULE =
      """
      module demo.app {
        requires static dev.toolsmith.annotations;
        requires dev.toolsmith.runtime;
        %s
        provides dev.toolsmith.runtime.spi.ToolIndex with demo.app.ToolsmithIndex;
      }
      """;

  private static final String PROVIDES =
      "  provides dev.toolsmith.runtime.spi.ToolIndex with demo.app.ToolsmithIndex;\n";

  /** {@code module-info} with {@code javaCompiler} (a requires line, or none). */
  private static String module(String javaCompiler) {
    return String.format(MODULE, javaCompiler);
  }

  /**
   * With or without {@code java.compiler}: the module compiles, and the generated code carries
   * {@code @Generated} exactly when the module can see it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "requires java.compiler;", "requires static java.compiler;"})
  void aModuleThatProvidesItsIndexCompilesAndDiscoversItsTools(
      String javaCompiler, @TempDir Path dir) throws Exception {
    Path classes = dir.resolve("classes");
    List<Diagnostic<? extends JavaFileObject>> errors = compile(dir, module(javaCompiler), classes);
    assertThat(errors).isEmpty();
    assertThat(Files.exists(classes.resolve("demo/app/ToolsmithIndex.class"))).isTrue();
    assertGeneratedAnnotation(dir, !javaCompiler.isEmpty());

    Process java =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path",
                classes + File.pathSeparator + libraries(),
                "-m",
                "demo.app/demo.app.Main")
            .redirectErrorStream(true)
            .start();
    String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(java.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(output).contains("\"name\":\"greet\",\"description\":\"Greets someone.\"");
    assertThat(output)
        .contains(
            "\"properties\":{\"name\":{\"type\":\"string\",\"description\":\"who to greet\"}}");
    assertThat(output).contains("hello module");
    assertThat(output).contains("configuration read");
    assertThat(java.exitValue()).isEqualTo(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "requires java.compiler;", "requires static java.compiler;"})
  void aModuleThatDoesNotProvideItsIndexIsToldTheLineToAdd(String javaCompiler, @TempDir Path dir)
      throws Exception {
    String withoutProvides = module(javaCompiler).replace(PROVIDES, "");
    List<Diagnostic<? extends JavaFileObject>> errors =
        compile(dir, withoutProvides, dir.resolve("classes"));
    assertGeneratedAnnotation(dir, !javaCompiler.isEmpty());
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getMessage(null))
        .isEqualTo(
            Message.INDEX_NOT_PROVIDED.text(
                "demo.app", "dev.toolsmith.runtime.spi.ToolIndex", "demo.app.ToolsmithIndex"));
    assertThat(errors.get(0).getSource().getName()).endsWith("module-info.java");
  }

  /** Asserts the generated adapter and index carry {@code @Generated} or do not. */
  private static void assertGeneratedAnnotation(Path dir, boolean expected) throws IOException {
    Path generated = dir.resolve("generated/demo/app");
    assertThat(Files.readString(generated.resolve("ToolsmithIndex.java")).contains("@Generated("))
        .isEqualTo(expected);
    try (var files = Files.list(generated)) {
      for (Path file : files.toList()) {
        assertWithMessage(file.toString())
            .that(Files.readString(file).contains("@Generated("))
            .isEqualTo(expected);
      }
    }
  }

  /** Compiles the module with Toolsmith's processors; returns its errors. */
  private static List<Diagnostic<? extends JavaFileObject>> compile(
      Path dir, String moduleInfo, Path classes) throws IOException, URISyntaxException {
    Path sources = dir.resolve("src");
    List<Path> files = new ArrayList<>();
    files.add(
        Files.writeString(
            Files.createDirectories(sources).resolve("module-info.java"), moduleInfo));
    Path app = Files.createDirectories(sources.resolve("demo/app"));
    files.add(Files.writeString(app.resolve("Greeter.java"), GREETER));
    files.add(Files.writeString(app.resolve("Main.java"), MAIN));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager manager =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      List<String> options =
          List.of(
              "-Xlint:all,-processing",
              "-Werror",
              "--module-path",
              libraries(),
              "-d",
              Files.createDirectories(classes).toString(),
              "-s",
              Files.createDirectories(dir.resolve("generated")).toString());
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              manager,
              diagnostics,
              options,
              null,
              manager.getJavaFileObjectsFromPaths(files));
      task.setProcessors(Compiled.processors());
      task.call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .toList();
  }

  /**
   * Toolsmith's annotations, runtime and schema (which the runtime requires), jackson-core,
   * SnakeYAML and JSpecify's annotations, taken from this build's class path; the module path a
   * user's Maven build resolves is tested from the runtime's POM by the user-builds module.
   */
  private static String libraries() throws URISyntaxException {
    List<String> paths = new ArrayList<>();
    for (Class<?> type :
        List.of(
            Tool.class,
            ToolIndex.class,
            Dialects.class,
            JsonParser.class,
            org.yaml.snakeyaml.LoaderOptions.class,
            Nullable.class)) {
      paths.add(
          Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    }
    return String.join(File.pathSeparator, paths);
  }
}
