package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The guide's build sections (docs/guide/writing-tools.md) say what the processor jar does: the
 * processors it registers, the incremental category each declares to Gradle, and the index name a
 * named module provides.
 */
final class ReadmeTest {

  private static final Path README = Path.of("../docs/guide/writing-tools.md");

  @Test
  void gradleSectionNamesEachProcessorsIncrementalCategory() throws IOException {
    List<String> declared = resourceLines("META-INF/gradle/incremental.annotation.processors");
    assertThat(declared)
        .containsExactly(
            ToolProcessor.class.getName() + ",isolating",
            IndexProcessor.class.getName() + ",aggregating");
    assertThat(resourceLines("META-INF/services/javax.annotation.processing.Processor"))
        .containsExactly(ToolProcessor.class.getName(), IndexProcessor.class.getName());
    String readme = Files.readString(README);
    assertThat(readme)
        .contains("annotationProcessor(\"dev.toolsmith:toolsmith-processor:0.1.0-SNAPSHOT\")");
    assertThat(readme).contains("`ToolProcessor` is **isolating**");
    assertThat(readme).contains("`IndexProcessor` is **aggregating**");
  }

  @Test
  void namedModuleSectionProvidesTheIndexTheProcessorNames() throws IOException {
    String module = "com.example.app";
    String provides =
        "provides "
            + RuntimeTypes.TOOL_INDEX.canonicalName()
            + " with "
            + Names.index("", module, List.of("a.A_Tools"))
            + ";";
    assertThat(Files.readString(README)).contains(provides);
  }

  private static List<String> resourceLines(String name) throws IOException {
    try (InputStream in = ToolProcessor.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::trim)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    }
  }
}
