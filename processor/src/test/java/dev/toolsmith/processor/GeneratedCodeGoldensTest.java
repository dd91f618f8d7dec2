package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Everything the processor writes for a set of representative tools, file for file and byte for
 * byte against checked-in goldens, so a change to generated code is reviewed as a diff.
 *
 * <p>Each case is a directory under {@code src/test/resources/golden/generated}: {@code input/}
 * holds the user's sources, {@code expected/} every generated source file and, where the case has
 * them, {@code definitions/} each provider format's definition of its tools. To accept an intended
 * change, run with {@code -Dgolden.update=true} and review the diff.
 */
final class GeneratedCodeGoldensTest {

  private static final Path GOLDENS = Path.of("src/test/resources/golden/generated");

  /** The cases whose tools are also written in every provider format. */
  private static final List<String> WITH_DEFINITIONS = List.of("record");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"plain", "record", "async", "bound", "union", "recursive"})
  void generatedSourcesMatchTheGoldens(String name, @TempDir Path classes) throws IOException {
    Path golden = GOLDENS.resolve(name);
    Compilation compilation = Compiled.compile(inputs(golden.resolve("input")));

    Map<String, String> actual = new TreeMap<>();
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      actual.put(relativeName(file), contents(file));
    }
    compare(golden.resolve("expected"), actual);

    if (WITH_DEFINITIONS.contains(name)) {
      compare(golden.resolve("definitions"), definitions(compilation, classes));
    }
  }

  /** Each format's listing of the compiled tools, as the registry writes it. */
  private static Map<String, String> definitions(Compilation compilation, Path classes)
      throws IOException {
    Compiled.writeClassOutput(compilation, classes);
    try (URLClassLoader loader = Compiled.loader(classes)) {
      ToolRegistry registry = ToolRegistry.create();
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      tools.values().forEach(registry::register);
      Map<String, String> listings = new TreeMap<>();
      for (DefinitionFormat format : DefinitionFormat.values()) {
        String file = format.name().toLowerCase(java.util.Locale.ROOT) + ".json";
        listings.put(file, registry.definitions(tools.keySet(), format) + "\n");
      }
      return listings;
    }
  }

  /**
   * Asserts the files under {@code dir} are exactly {@code actual} (relative path to text); with
   * {@code -Dgolden.update=true} rewrites them first.
   */
  private static void compare(Path dir, Map<String, String> actual) throws IOException {
    if (Boolean.getBoolean("golden.update")) {
      deleteTree(dir);
      for (Map.Entry<String, String> file : actual.entrySet()) {
        Path path = dir.resolve(file.getKey());
        Files.createDirectories(path.getParent());
        Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
      }
    }
    Map<String, String> expected = read(dir);
    assertWithMessage("the files generated, against " + dir)
        .that(actual.keySet())
        .containsExactlyElementsIn(expected.keySet());
    for (Map.Entry<String, String> file : expected.entrySet()) {
      assertWithMessage(dir.resolve(file.getKey()) + " (run with -Dgolden.update=true to accept)")
          .that(actual.get(file.getKey()))
          .isEqualTo(file.getValue());
    }
  }

  private static JavaFileObject[] inputs(Path dir) throws IOException {
    List<JavaFileObject> sources = new ArrayList<>();
    for (Map.Entry<String, String> file : read(dir).entrySet()) {
      String className = file.getKey().replaceAll("\\.java$", "").replace('/', '.');
      sources.add(JavaFileObjects.forSourceString(className, file.getValue()));
    }
    return sources.toArray(JavaFileObject[]::new);
  }

  /** Every file under {@code dir} by its relative path with {@code /}, in name order. */
  private static Map<String, String> read(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path path : walk.filter(Files::isRegularFile).toList()) {
        String relative = dir.relativize(path).toString().replace('\\', '/');
        files.put(relative, Files.readString(path, StandardCharsets.UTF_8));
      }
    }
    return files;
  }

  /** {@code demo/plain/Greetings_Tools.java} for the generated source of that class. */
  private static String relativeName(JavaFileObject file) {
    String path = file.toUri().getPath();
    int sources = path.indexOf("/SOURCE_OUTPUT/");
    return sources >= 0 ? path.substring(sources + "/SOURCE_OUTPUT/".length()) : path;
  }

  private static String contents(JavaFileObject file) {
    try (InputStream in = file.openInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
