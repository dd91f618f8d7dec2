package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GeminiDefinitionsTest {

  private static String gemini(ToolRegistry registry, String... names) {
    return registry.definitions(List.of(names), DefinitionFormat.GEMINI);
  }

  @Test
  void selfReferenceToTheRootIsInlinedOnceThenStops() {
    String schema =
        "{\"type\":\"object\",\"properties\":{\"label\":{\"type\":\"string\"},"
            + "\"next\":{\"$ref\":\"#\"}}}";
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("chain", "s").schema(schema).description("").build());

    String json = gemini(registry, "chain");

    assertTrue(json.contains("\"next\":{\"type\":\"object\",\"properties\":{\"label\":"), json);
    assertTrue(json.contains("\"next\":{\"description\":\"A JSON object.\"}"), json);
    assertFalse(json.contains("$ref"), json);
  }

  @Test
  void anEntryNoWriterCanWriteIsSkippedAndTheOthersListed() {
    // A reference that the inliner follows into a number instead of a schema object.
    String broken =
        "{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"#/properties/x/$ref\","
            + "\"description\":\"d\"}}}";
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("ok", "s").build());
    registry.register(Fixtures.tool("odd", "s").schema(broken).description("").build());

    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      String json = gemini(registry, "ok", "odd");
      assertTrue(json.startsWith("[{\"name\":\"ok\""), json);
      assertFalse(json.contains("odd"), json);
      assertTrue(
          log.warnings().stream().anyMatch(w -> w.contains("odd")), log.warnings().toString());
    }
  }

  @Test
  void noParametersWhenTheToolTakesNone() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        Fixtures.tool("now", "s")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .description("Time.")
            .build());

    assertEquals("[{\"name\":\"now\",\"description\":\"Time.\"}]", gemini(registry, "now"));
  }

  @Test
  void openObjectsHaveNoObjectTypeWithoutProperties() {
    String schema =
        "{\"type\":\"object\",\"properties\":{\"tags\":{\"type\":\"object\","
            + "\"additionalProperties\":{\"type\":\"string\"}}},\"required\":[\"tags\"]}";
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("tag", "s").schema(schema).description("").build());

    String json = gemini(registry, "tag");

    assertTrue(json.contains("\"tags\":{\"description\":"), json);
    assertFalse(json.contains("\"type\":\"object\",\"properties\":{}"), json);
    assertFalse(json.contains("\"tags\":{\"type\""), json);
  }
}
