package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spilled result is usable through the registry itself: the reading tool appears with the first
 * spill and only while a spill file is there, reads by id, offset and length until the whole result
 * is back, and the preview of a JSON result ends on a value boundary.
 */
final class SpilledResultsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path spill;

  /** A JSON array of {@code count} objects, with a few non-ASCII characters and an emoji. */
  private static String items(int count) {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < count; i++) {
      json.append(i == 0 ? "" : ",")
          .append("{\"n\":")
          .append(i)
          .append(",\"name\":\"item ")
          .append(i)
          .append(" — \uD83D\uDCE6 ")
          .append("x".repeat(i % 7))
          .append("\"}");
    }
    return json.append(']').toString();
  }

  private ToolRegistry registry(String result) {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(
                ResultBudget.builder()
                    .defaultMaxResultChars(500)
                    .previewChars(120)
                    .spillDirectory(spill.resolve("results"))
                    .build())
            .build();
    registry.register(
        Fixtures.tool("catalog", "shop")
            .handler((ToolHandler.Sync) (args, context) -> result)
            .build());
    return registry;
  }

  @Test
  void theReadingToolComesWithTheFirstSpillAndReadsTheWholeResultBack() throws Exception {
    String result = items(200);
    ToolRegistry registry = registry(result);
    assertFalse(registry.toolNames().contains(SpilledResults.TOOL)); // no spill, no tool

    JsonNode notice = JSON.readTree(registry.dispatch("catalog", "{}"));
    String id = notice.get("id").asText();
    assertTrue(notice.get("message").asText().contains(SpilledResults.TOOL), notice.toString());
    assertTrue(registry.definitions(registry.toolNames()).contains(SpilledResults.TOOL));

    StringBuilder back = new StringBuilder();
    long offset = 0;
    int reads = 0;
    while (true) {
      JsonNode part =
          JSON.readTree(
              registry.dispatch(
                  SpilledResults.TOOL,
                  "{\"id\":\"" + id + "\",\"offset\":" + offset + ",\"length\":999}"));
      assertEquals(result.length(), part.get("total_chars").asInt(), part.toString());
      back.append(part.get("text").asText());
      reads++;
      if (!part.has("next_offset")) {
        break;
      }
      offset = part.get("next_offset").asLong();
    }
    assertEquals(result, back.toString()); // no surrogate pair split across two reads
    assertTrue(reads > 5);
  }

  @Test
  void onlySpillsOfThisProcessAreReadByIdAndTheToolGoesWithThem() throws Exception {
    ToolRegistry registry = registry(items(200));
    JsonNode notice = JSON.readTree(registry.dispatch("catalog", "{}"));

    String unknown =
        registry.dispatch(SpilledResults.TOOL, "{\"id\":\"../../etc/passwd\",\"length\":10}");
    assertTrue(unknown.startsWith("{\"error\":\"No spilled result has the id ../../etc/passwd"));
    String tooLong =
        registry.dispatch(
            SpilledResults.TOOL, "{\"id\":\"" + notice.get("id").asText() + "\",\"length\":0}");
    assertTrue(tooLong.startsWith("{\"error\":\"offset must be"), tooLong);

    Files.delete(Path.of(notice.get("path").asText())); // pruned, or removed by hand
    registry.invalidateChecks();
    assertFalse(
        registry.definitions(List.of(SpilledResults.TOOL)).contains(SpilledResults.TOOL),
        "offered only while a spill file is there");
  }

  @Test
  void aJsonPreviewEndsRightAfterACompleteValue() throws Exception {
    String result = items(200);
    JsonNode notice = JSON.readTree(registry(result).dispatch("catalog", "{}"));
    String preview = notice.get("preview").asText();
    assertTrue(result.startsWith(preview));
    assertTrue(preview.length() <= 120 && preview.length() > 60, preview);
    // It ends after an element: closing the array makes it valid JSON again.
    JsonNode closed = JSON.readTree(preview + "]");
    assertEquals(closed.size() - 1, closed.get(closed.size() - 1).get("n").asInt());
  }
}
