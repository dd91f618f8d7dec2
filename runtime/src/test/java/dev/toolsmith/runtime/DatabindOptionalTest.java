package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * jackson-databind is an optional dependency of the runtime: only {@code support.JsonNodes} (loaded
 * by tools with a JsonNode property or result) may name its classes, so every other path, the
 * definition dialects included, runs without it.
 */
final class DatabindOptionalTest {

  @Test
  void onlyJsonNodesNamesDatabind() throws Exception {
    Path classes =
        Path.of(ToolRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> naming;
    try (Stream<Path> walk = Files.walk(classes)) {
      naming =
          walk.filter(p -> p.toString().endsWith(".class"))
              .filter(p -> mentionsDatabind(p))
              .map(p -> classes.relativize(p).toString())
              .sorted()
              .collect(Collectors.toList());
    }
    assertEquals(List.of("dev/toolsmith/runtime/support/JsonNodes.class"), naming);
  }

  @Test
  void theScanSeesDatabind() throws Exception {
    Path jsonNodes =
        Path.of(ToolRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .resolve("dev/toolsmith/runtime/support/JsonNodes.class");
    assertTrue(mentionsDatabind(jsonNodes));
  }

  /** Class names are stored in a class file's constant pool as plain (modified) UTF-8 text. */
  private static boolean mentionsDatabind(Path classFile) {
    try {
      return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1)
          .contains("com/fasterxml/jackson/databind");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
