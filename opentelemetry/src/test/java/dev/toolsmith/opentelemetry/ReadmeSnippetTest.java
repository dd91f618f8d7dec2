package dev.toolsmith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The guide's OpenTelemetry block (docs/guide/observing.md), compiled and run here (the README's
 * snippet test has no OpenTelemetry on its class path); each of its lines must be a line of this
 * file.
 */
class ReadmeSnippetTest {

  private static final String MARKER =
      "<!-- snippet: skip needs OpenTelemetry on the class path, run by opentelemetry's"
          + " ReadmeSnippetTest -->";

  @RegisterExtension static final OpenTelemetryExtension otel = OpenTelemetryExtension.create();

  static ToolRegistry readme(OpenTelemetry openTelemetry, ToolRegistry otherRegistry) {
    ToolRegistry registry = Discovery.discover();
    ToolsmithTelemetry.create(openTelemetry).observe(registry);

    // Arguments and results may hold personal data: recorded only when you say so.
    ToolsmithTelemetry.builder(openTelemetry)
        .recordArguments(true)
        .recordResults(true)
        .build()
        .observe(otherRegistry);
    return registry;
  }

  @Test
  void theReadmeBlockIsThisCodeAndTracesCalls() throws IOException {
    ToolRegistry other = Discovery.discover();
    ToolRegistry registry = readme(otel.getOpenTelemetry(), other);
    registry.dispatch("forecast", "{\"city\":\"Bern\",\"days\":1}");
    other.dispatch("forecast", "{\"city\":\"Chur\",\"days\":1}");
    assertThat(otel.getSpans()).hasSize(2);

    List<String> source =
        Files.readAllLines(
                Path.of("src/test/java/dev/toolsmith/opentelemetry/ReadmeSnippetTest.java"))
            .stream()
            .map(String::strip)
            .toList();
    String readme = Files.readString(Path.of("../docs/guide/observing.md"));
    int marker = readme.indexOf(MARKER);
    assertThat(marker).as("the guide's OpenTelemetry block").isNotNegative();
    int start = readme.indexOf("```java\n", marker) + "```java\n".length();
    String block = readme.substring(start, readme.indexOf("```", start));
    assertThat(block.lines().map(String::strip).filter(line -> !line.isEmpty()))
        .isNotEmpty()
        .allSatisfy(line -> assertThat(source).contains(line));
  }
}
