package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.schema.definition.DefinitionFormat;
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
    assertTrue(
        json.contains("\"next\":{\"type\":\"object\",\"description\":\"A JSON object.\"}"), json);
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
  void everySchemaHasATypeAndWhatGeminiDoesNotDocumentBecomesWords() {
    String schema =
        "{\"type\":\"object\",\"properties\":{"
            + "\"tags\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}},"
            + "\"any\":{\"description\":\"Free-form.\"},"
            + "\"mail\":{\"type\":\"string\",\"format\":\"email\"},"
            + "\"cents\":{\"type\":\"number\",\"exclusiveMinimum\":0,\"multipleOf\":0.01},"
            + "\"level\":{\"type\":\"integer\",\"enum\":[1,2,3]},"
            + "\"ids\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},"
            + "\"uniqueItems\":true}},"
            + "\"required\":[\"tags\"]}";
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("tag", "s").schema(schema).description("").build());

    String json = gemini(registry, "tag");

    assertTrue(
        json.contains("\"tags\":{\"type\":\"object\",\"description\":\"Values of type string.\"}"),
        json);
    assertTrue(
        json.contains(
            "\"any\":{\"description\":\"Free-form. (any JSON object)\",\"type\":\"object\"}"),
        json);
    assertTrue(
        json.contains("\"mail\":{\"type\":\"string\",\"description\":\"Format email.\"}"), json);
    assertTrue(
        json.contains(
            "\"cents\":{\"type\":\"number\","
                + "\"description\":\"Greater than 0; a multiple of 0.01.\"}"),
        json);
    assertTrue(
        json.contains("\"level\":{\"type\":\"integer\",\"description\":\"One of [1,2,3].\"}"),
        json);
    assertTrue(json.contains("\"description\":\"Items unique.\""), json);
  }
}
