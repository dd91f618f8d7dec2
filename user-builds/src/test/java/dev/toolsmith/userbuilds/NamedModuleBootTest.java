package dev.toolsmith.userbuilds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A named-module application boots with exactly the modules a user's Maven build resolves from the
 * annotations' and the runtime's POMs (their compile and runtime scopes, written by this module's
 * build to {@code target/user-module-path.txt}): compiled by javac with the processor, run with
 * {@code java -m}, reading a {@code toolsmith.yaml} and dispatching a call.
 */
final class NamedModuleBootTest {

  private static final String MODULE_INFO =
      """
      module com.acme.tools {
        requires dev.toolsmith.annotations;
        requires dev.toolsmith.runtime;
        requires static java.compiler;
        provides dev.toolsmith.runtime.spi.ToolIndex with com.acme.tools.ToolsmithIndex;
      }
      """;

  private static final String WEATHER =
      """
      package com.acme.tools;

      import dev.toolsmith.annotations.Tool;

      public final class Weather {
        /**
         * Tells the weather in a city.
         *
         * @param city the city
         */
        @Tool(toolset = "weather")
        public static String weather(String city) {
          return "sunny in " + city;
        }
      }
      """;

  private static final String MAIN =
      """
      package com.acme.tools;

      import dev.toolsmith.runtime.ToolRegistry;
      import dev.toolsmith.runtime.discovery.Discovery;
      import dev.toolsmith.runtime.discovery.ToolsmithConfig;
      import java.nio.file.Path;

      public final class Main {
        public static void main(String[] args) throws Exception {
          ToolsmithConfig config = ToolsmithConfig.load(Path.of("toolsmith.yaml"));
          ToolRegistry registry = ToolRegistry.create();
          System.out.println(Discovery.builder().config(config).build().into(registry));
          System.out.println(registry.resolveToolsets(config.toolsets().enabled(), java.util.List.of()));
          System.out.println(registry.dispatch("weather", "{\\"city\\":\\"Lyon\\"}"));
        }
      }
      """;

  private static final String CONFIG =
      "toolsets:\n  enabled: [outdoors]\n  definitions:\n"
          + "    outdoors: {description: Out of doors, includes: [weather]}\n";

  @Test
  void aNamedModuleBootsWithWhatTheRuntimesPomResolves(@TempDir Path dir) throws Exception {
    List<String> modulePath = userModulePath();
    Path classes = compile(dir, modulePath);
    Files.writeString(dir.resolve("toolsmith.yaml"), CONFIG);

    Processes.Result run =
        Processes.run(
            dir,
            60,
            List.of(
                Processes.java(),
                "--module-path",
                classes + File.pathSeparator + String.join(File.pathSeparator, modulePath),
                "-m",
                "com.acme.tools/com.acme.tools.Main"));

    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("[weather]"), run.output()); // the configuration was read
    assertTrue(run.output().contains("sunny in Lyon"), run.output());
  }

  /** The jars a user's build puts on the module path, as this module's build resolved them. */
  private static List<String> userModulePath() throws Exception {
    Path file = Path.of(System.getProperty("toolsmith.userModulePath"));
    List<String> jars =
        Arrays.stream(Files.readString(file).strip().split(File.pathSeparator))
            .filter(jar -> !jar.isBlank())
            .toList();
    assertTrue(
        jars.stream().anyMatch(jar -> jar.contains("toolsmith-runtime")), "runtime in " + jars);
    return jars;
  }

  /** Compiles the module with the processor; its class output. */
  private static Path compile(Path dir, List<String> modulePath) throws Exception {
    Path sources = dir.resolve("src/com.acme.tools");
    Path pkg = Files.createDirectories(sources.resolve("com/acme/tools"));
    List<Path> files = new ArrayList<>();
    files.add(Files.writeString(sources.resolve("module-info.java"), MODULE_INFO));
    files.add(Files.writeString(pkg.resolve("Weather.java"), WEATHER));
    files.add(Files.writeString(pkg.resolve("Main.java"), MAIN));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager manager =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      List<String> options =
          List.of(
              "--module-path",
              String.join(File.pathSeparator, modulePath),
              // the processor and its own dependencies, as the compiler plugin's processor path
              "--processor-path",
              System.getProperty("java.class.path"),
              "-d",
              classes.toString(),
              "-s",
              Files.createDirectories(dir.resolve("generated")).toString());
      boolean ok =
          javac
              .getTask(
                  null,
                  manager,
                  diagnostics,
                  options,
                  null,
                  manager.getJavaFileObjectsFromPaths(files))
              .call();
      List<String> errors =
          diagnostics.getDiagnostics().stream()
              .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
              .map(d -> d.getMessage(null))
              .toList();
      assertTrue(ok && errors.isEmpty(), errors.toString());
    }
    return classes;
  }
}
