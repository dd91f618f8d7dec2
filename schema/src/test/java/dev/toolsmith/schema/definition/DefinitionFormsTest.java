package dev.toolsmith.schema.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each format's form: a deferred tool is written marked by the writer, and what only one form has.
 */
class DefinitionFormsTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final ToolDefinition TOOL =
      ToolDefinition.builder(
              "read_file",
              "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},"
                  + "\"required\":[\"path\"],\"additionalProperties\":false}")
          .description("Reads \"a\" file ⚡.")
          .build();

  @Test
  void aDeferredToolIsItsDefinitionWithDeferLoadingWhereTheProviderListsThem() throws Exception {
    for (DefinitionFormat format : DefinitionFormat.values()) {
      JsonNode plain = MAPPER.readTree(format.definition(TOOL));
      JsonNode deferred = MAPPER.readTree(format.deferredDefinition(TOOL));
      if (format.listsDeferredTools()) {
        ObjectNode expected = ((ObjectNode) plain.deepCopy()).put("defer_loading", true);
        assertEquals(expected, deferred, format.name());
        List<String> fields = List.copyOf(iterable(deferred));
        assertEquals("defer_loading", fields.get(fields.size() - 1), format.name());
      } else {
        assertEquals(plain, deferred, format.name());
      }
    }
    assertTrue(DefinitionFormat.ANTHROPIC.listsDeferredTools());
    assertTrue(DefinitionFormat.OPENAI_RESPONSES_STRICT.listsDeferredTools());
    assertFalse(DefinitionFormat.MCP.listsDeferredTools());
  }

  private static List<String> iterable(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void onlyOpenAiResponsesGroupsNamespaces() throws Exception {
    for (DefinitionFormat format : DefinitionFormat.values()) {
      assertEquals(
          format == DefinitionFormat.OPENAI_RESPONSES
              || format == DefinitionFormat.OPENAI_RESPONSES_STRICT,
          format.groupsNamespaces(),
          format.name());
    }
    JsonNode namespace =
        MAPPER.readTree(
            DefinitionFormat.OPENAI_RESPONSES.namespace(
                "files",
                "File tools.",
                List.of(DefinitionFormat.OPENAI_RESPONSES.definition(TOOL))));
    assertEquals("namespace", namespace.get("type").asText());
    assertEquals("read_file", namespace.at("/tools/0/name").asText());
    assertThrows(
        UnsupportedOperationException.class,
        () -> DefinitionFormat.ANTHROPIC.namespace("files", "", List.of()));
  }

  @Test
  void eachFormDeclaresTheSearchToolAndWrapsItsAnswer() throws Exception {
    ToolDefinition search =
        ToolDefinition.builder("search_tools", "{\"type\":\"object\"}")
            .description("Finds.")
            .build();
    assertEquals(
        "{\"type\":\"tool_search\"}",
        DefinitionFormat.OPENAI_RESPONSES.searchTool(search, true, false));
    assertEquals(
        "client",
        MAPPER
            .readTree(DefinitionFormat.OPENAI_RESPONSES.searchTool(search, false, false))
            .get("execution")
            .asText());
    assertEquals(
        "tool_search_tool_regex_20251119",
        MAPPER
            .readTree(DefinitionFormat.ANTHROPIC.searchTool(search, true, true))
            .get("type")
            .asText());
    assertEquals(
        DefinitionFormat.GEMINI.definition(search),
        DefinitionFormat.GEMINI.searchTool(search, true, false),
        "no hosted search: the function");

    JsonNode portable =
        MAPPER.readTree(
            DefinitionFormat.OPENAI.searchAnswer("c", List.of(TOOL), List.of(), null, "none"));
    assertEquals("read_file", portable.at("/tools/0/name").asText());
    assertEquals(MAPPER.readTree(TOOL.schema()), portable.at("/tools/0/parameters"));
    assertEquals(
        "{\"error\":\"why\"}",
        DefinitionFormat.MCP.searchAnswer("c", List.of(), List.of(), "why", "n"));
    JsonNode references =
        MAPPER.readTree(
            DefinitionFormat.ANTHROPIC.searchAnswer(
                "toolu_1", List.of(TOOL), List.of(), null, "n"));
    assertEquals("tool_reference", references.at("/content/0/type").asText());
    assertNull(references.get("is_error"));
    JsonNode output =
        MAPPER.readTree(
            DefinitionFormat.OPENAI_RESPONSES.searchAnswer(
                "call_1", List.of(TOOL), List.of("{\"type\":\"namespace\"}"), null, "n"));
    assertEquals("tool_search_output", output.get("type").asText());
    assertEquals("namespace", output.at("/tools/0/type").asText());
  }

  @Test
  void settingAnotherSchemaDropsThePrecomputedDialects() {
    ToolDefinition precomputed =
        TOOL.toBuilder().strictSchema("{\"s\":1}").geminiSchema("{\"g\":1}").build();
    assertEquals(precomputed, precomputed.toBuilder().schema(TOOL.schema()).build());
    ToolDefinition changed = precomputed.toBuilder().schema("{\"type\":\"object\"}").build();
    assertNull(changed.strictSchema());
    assertNull(changed.geminiSchema());
    assertThrows(NullPointerException.class, () -> ToolDefinition.builder("x").build());
  }

  @Test
  void aNonObjectOutputSchemaIsWrappedForMcpWithItsDefinitionsAtTheRoot() throws Exception {
    ToolDefinition listing =
        TOOL.toBuilder()
            .outputSchema(
                "{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Item\"},"
                    + "\"$defs\":{\"Item\":{\"type\":\"number\",\"multipleOf\":0.10}}}")
            .build();
    JsonNode mcp = MAPPER.readTree(DefinitionFormat.MCP.definition(listing)).get("outputSchema");
    assertEquals("object", mcp.get("type").asText());
    assertEquals("array", mcp.at("/properties/result/type").asText());
    assertEquals("#/$defs/Item", mcp.at("/properties/result/items/$ref").asText());
    assertTrue(mcp.has("$defs"));
    assertFalse(mcp.at("/properties/result").has("$defs"));
    assertTrue(DefinitionFormat.MCP.definition(listing).contains("0.10"), "numbers as written");
  }
}
