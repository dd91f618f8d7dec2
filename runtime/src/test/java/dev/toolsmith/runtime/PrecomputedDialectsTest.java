package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.schema.Dialects;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Definitions written from the dialect texts {@link Dialects} precomputes (as the processor does)
 * equal, byte for byte, those the registry derives at run time, in every format.
 */
class PrecomputedDialectsTest {

  /** The processor's golden schemas: the shapes generated code really registers. */
  private static final Path GOLDEN = Path.of("../processor/src/test/resources/golden/schemas");

  /** Shapes the golden files lack: no arguments, open maps, free-form values, recursion, text. */
  private static final Map<String, String> EXTRA =
      Map.of(
          "none",
          "{\"type\":\"object\",\"properties\":{}}",
          "bare",
          "{\"type\":\"object\"}",
          "map",
          "{\"type\":\"object\",\"properties\":{\"tags\":{\"type\":\"object\","
              + "\"additionalProperties\":{\"type\":\"string\"}}},\"required\":[\"tags\"]}",
          "free",
          "{\"type\":\"object\",\"properties\":{\"any\":{\"description\":\"Anything.\"}}}",
          "chain",
          "{\"type\":\"object\",\"properties\":{\"label\":{\"type\":\"string\"},"
              + "\"next\":{\"$ref\":\"#\"}}}",
          "text",
          "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\",\"description\":"
              + "\"Grüße \\\"quoted\\\" \\u0001 ✓\",\"examples\":[\"a\\nb\"],\"pattern\":\"^\\\\d+$\"},"
              + "\"n\":{\"type\":[\"number\",\"null\"],\"minimum\":1.50,\"exclusiveMaximum\":1e3}}}");

  private static Map<String, String> schemas() throws IOException {
    Map<String, String> schemas = new TreeMap<>(EXTRA);
    assertTrue(Files.isDirectory(GOLDEN), GOLDEN.toAbsolutePath().toString());
    try (Stream<Path> files = Files.list(GOLDEN)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        schemas.put(
            file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8).strip());
      }
    }
    assertTrue(schemas.size() > EXTRA.size(), "golden schemas found");
    return schemas;
  }

  private static ToolDefinition.Builder tool(String name, String schema, boolean strict) {
    return ToolDefinition.builder(name, schema)
        .strict(strict)
        .description("Does \"" + name + "\"\ttabbed, ünïcode ⚡ and \u001f.");
  }

  private static ToolDefinition.Builder precomputed(ToolDefinition.Builder builder, String schema) {
    return builder
        .strictSchema(Dialects.openAiStrict(schema).orElse(""))
        .geminiSchema(Dialects.gemini(schema));
  }

  private static ToolEntry entry(ToolDefinition.Builder definition) {
    return Fixtures.tool(definition.build(), "s").build();
  }

  @Test
  void precomputedDialectsGiveTheDefinitionsDerivedAtRunTimeInEveryFormat() throws IOException {
    ToolRegistry derived = ToolRegistry.create();
    ToolRegistry given = ToolRegistry.create();
    List<String> names = new ArrayList<>();
    int i = 0;
    for (Map.Entry<String, String> schema : schemas().entrySet()) {
      for (boolean strict : new boolean[] {false, true}) {
        String name = "t" + i++ + (strict ? "_strict" : "");
        names.add(name);
        derived.register(entry(tool(name, schema.getValue(), strict)));
        given.register(
            entry(precomputed(tool(name, schema.getValue(), strict), schema.getValue())));
      }
    }
    for (DefinitionFormat format : DefinitionFormat.values()) {
      String expected = derived.definitions(names, format);
      assertEquals(expected, given.definitions(names, format), format.name());
      assertEquals(expected, derived.definitions(names, format), format + ", cached");
      assertEquals(
          names.size(),
          expected.split("\"description\":\"Does ", -1).length - 1,
          format + ": every tool written");
    }
  }

  @Test
  void eachDefinitionComesOutAsJacksonWouldWriteIt() throws IOException {
    // The writers join text instead of driving a generator: check them against one.
    ToolRegistry registry = ToolRegistry.create();
    for (Map.Entry<String, String> schema : schemas().entrySet()) {
      registry.register(entry(tool("x", schema.getValue(), false)));
      String json = registry.definitions(List.of("x"), DefinitionFormat.ANTHROPIC);
      String expected =
          JsonCore.write(
              g -> {
                g.writeStartArray();
                g.writeStartObject();
                g.writeStringField("name", "x");
                g.writeStringField(
                    "description", registry.entry("x").orElseThrow().definition().description());
                g.writeFieldName("input_schema");
                g.writeRawValue(schema.getValue());
                g.writeEndObject();
                g.writeEndArray();
              });
      assertEquals(expected, json, schema.getKey());
    }
  }

  @Test
  void thePrecomputedTextsAreWhatTheWritersUse() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        Fixtures.tool(
                Fixtures.definition("x")
                    .strict(true)
                    .strictSchema("{\"given\":\"strict\"}")
                    .geminiSchema("{\"given\":\"gemini\"}")
                    .build(),
                "s")
            .build());
    registry.register(
        Fixtures.tool(
                Fixtures.definition("y").strict(true).strictSchema("").geminiSchema("").build(),
                "s")
            .build());

    assertEquals(
        "[{\"type\":\"function\",\"function\":{\"name\":\"x\",\"description\":\"The x tool.\","
            + "\"parameters\":{\"given\":\"strict\"},\"strict\":true}}]",
        registry.definitions(List.of("x")));
    assertEquals(
        "[{\"name\":\"x\",\"description\":\"The x tool.\",\"parameters\":{\"given\":\"gemini\"}}]",
        registry.definitions(List.of("x"), DefinitionFormat.GEMINI));
    assertEquals(
        "[{\"type\":\"function\",\"name\":\"y\",\"description\":\"The y tool.\",\"parameters\":"
            + Fixtures.SCHEMA
            + ",\"strict\":false}]",
        registry.definitions(List.of("y"), DefinitionFormat.OPENAI_RESPONSES_STRICT),
        "empty: no strict variant");
    assertEquals(
        "[{\"name\":\"y\",\"description\":\"The y tool.\"}]",
        registry.definitions(List.of("y"), DefinitionFormat.GEMINI),
        "empty: no parameters");
  }

  @Test
  void toBuilderCarriesTheTextsWhileTheSchemaStaysTheSame() {
    ToolEntry entry =
        Fixtures.tool(
                Fixtures.definition("x")
                    .strict(true)
                    .strictSchema("{\"s\":1}")
                    .geminiSchema("{\"g\":1}")
                    .build(),
                "s")
            .build();
    ToolRegistry registry = ToolRegistry.create();

    registry.register(entry.toBuilder().description("Other.").build());
    assertTrue(registry.definitions(List.of("x")).contains("{\"s\":1}"));
    assertTrue(registry.definitions(List.of("x"), DefinitionFormat.GEMINI).contains("{\"g\":1}"));

    String schema =
        "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}";
    registry.register(entry.toBuilder().schema(schema).build());
    String openAi = registry.definitions(List.of("x"));
    assertFalse(openAi.contains("{\"s\":1}"), "derived again for the new schema: " + openAi);
    assertTrue(openAi.contains(Dialects.openAiStrict(schema).orElseThrow()), openAi);
    assertEquals(
        "[{\"name\":\"x\",\"description\":\"The x tool.\",\"parameters\":"
            + Dialects.gemini(schema)
            + "}]",
        registry.definitions(List.of("x"), DefinitionFormat.GEMINI));

    registry.register(
        Fixtures.tool(
                entry.definition().toBuilder().schema(schema).strictSchema("{\"s\":2}").build(),
                "s")
            .build());
    assertTrue(
        registry.definitions(List.of("x")).contains("{\"s\":2}"), "set after the schema: kept");
  }

  @Test
  void dialectsSayWhenThereIsNoVariantAndRejectWhatCannotBeWritten() {
    assertEquals(java.util.Optional.empty(), Dialects.openAiStrict(EXTRA.get("map")));
    assertEquals("", Dialects.gemini(EXTRA.get("none")));
    String broken =
        "{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"#/properties/x/$ref\","
            + "\"description\":\"d\"}}}";
    assertThrows(IllegalArgumentException.class, () -> Dialects.gemini(broken));
    assertThrows(IllegalArgumentException.class, () -> Dialects.gemini("{\"a\":1,\"a\":2}"));
    assertThrows(IllegalArgumentException.class, () -> Dialects.openAiStrict("{\"type\":"));
  }
}
