package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Output schemas, titles and annotations served on stdio, checked by the TypeScript SDK's client
 * (which validates structured content against output schemas) and an independent validator.
 */
@Timeout(180)
final class StructuredOutputTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theTypeScriptClientAcceptsStructuredResultsAndSeesTitlesAndAnnotations() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    StructuredSession.Steps steps =
        StructuredSession.check(
            List.of(
                "stdio",
                java,
                "-cp",
                System.getProperty("java.class.path"),
                ServeFixture.class.getName(),
                "structured"),
            Map.of(
                "stats", List.of("{}"),
                "evens", List.of("{}"),
                "wipe", List.of("{}"),
                "nothing", List.of("{}"),
                "squares", List.of("{}")),
            // A result that breaks its schema is an error result, never invalid structured content;
            // so is the notice of a result spilled to a file, which the schema does not describe.
            Set.of("nothing", "squares"));
    JsonNode stats = steps.tools().get("stats");
    assertEquals("Statistics", stats.get("title").asText());
    assertEquals(
        "{\"readOnlyHint\":true,\"openWorldHint\":false}", stats.get("annotations").toString());
    assertEquals("object", stats.at("/outputSchema/type").asText());
    assertTrue(stats.at("/outputSchema/properties/count").isObject(), stats.toString());
    // A list is served wrapped: {"result": [...]}, in the schema and the content alike.
    JsonNode evens = steps.tools().get("evens");
    assertEquals("[\"result\"]", evens.at("/outputSchema/required").toString());
    JsonNode wipe = steps.tools().get("wipe");
    assertFalse(wipe.has("outputSchema"), wipe.toString());
    assertEquals(
        "{\"readOnlyHint\":false,\"destructiveHint\":true,\"idempotentHint\":true}",
        wipe.get("annotations").toString());
    for (JsonNode call : steps.calls()) {
      if ("evens".equals(call.get("name").asText())) {
        assertEquals("{\"result\":[2,4,6]}", call.get("structuredContent").toString());
        // The text is the structured content serialised, not the bare list.
        assertEquals("{\"result\":[2,4,6]}", call.get("text").asText());
      }
      if ("squares".equals(call.get("name").asText())) {
        // The model still gets the notice, and the file holds the whole result.
        JsonNode notice = JSON.readTree(call.get("text").asText());
        assertTrue(notice.get("truncated").asBoolean(), notice.toString());
        String whole = Files.readString(Path.of(notice.get("path").asText()));
        assertTrue(whole.startsWith("[1,4,9,") && whole.endsWith(",10000]"), whole);
      }
    }
  }
}
