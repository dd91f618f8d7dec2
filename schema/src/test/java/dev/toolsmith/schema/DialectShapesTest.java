package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each dialect's output has its provider's shape, for every schema the processor generates (its
 * golden schemas) and the shapes they lack: Gemini's documented subset only, and OpenAI strict
 * schemas that close every object, require every property, carry no keyword strict mode refuses and
 * stay valid JSON Schema 2020-12.
 */
final class DialectShapesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The processor's golden schemas: the shapes generated code really registers. */
  private static final Path GOLDEN = Path.of("../processor/src/test/resources/golden/schemas");

  private static final Map<String, String> EXTRA =
      Map.of(
          "none", "{\"type\":\"object\",\"properties\":{}}",
          "chain",
              "{\"type\":\"object\",\"properties\":{\"label\":{\"type\":\"string\"},"
                  + "\"next\":{\"$ref\":\"#\"}}}",
          "defaulted",
              "{\"type\":\"object\",\"properties\":{\"unit\":{\"type\":\"string\","
                  + "\"description\":\"The unit.\",\"default\":\"celsius\"}}}");

  private static final Schema META_SCHEMA =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));

  /** The fields of Gemini's documented Schema object (ai.google.dev, "Schema"). */
  private static final Set<String> GEMINI_FIELDS =
      Set.of(
          "type",
          "format",
          "title",
          "description",
          "nullable",
          "enum",
          "maxItems",
          "minItems",
          "properties",
          "required",
          "minProperties",
          "maxProperties",
          "minLength",
          "maxLength",
          "pattern",
          "example",
          "anyOf",
          "propertyOrdering",
          "default",
          "items",
          "minimum",
          "maximum");

  private static Map<String, String> schemas() throws IOException {
    Map<String, String> schemas = new TreeMap<>(EXTRA);
    assertTrue(Files.isDirectory(GOLDEN), GOLDEN.toAbsolutePath().toString());
    try (Stream<Path> files = Files.list(GOLDEN)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        schemas.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
      }
    }
    assertTrue(schemas.size() > EXTRA.size() + 5, "golden schemas found");
    return schemas;
  }

  @Test
  void geminiSchemasUseOnlyItsOpenApiSubset() throws IOException {
    for (Map.Entry<String, String> schema : schemas().entrySet()) {
      String gemini = Dialects.gemini(schema.getValue());
      if (gemini.isEmpty()) { // Gemini refuses an empty object: such a tool has no parameters
        assertEquals(
            0, JSON.readTree(schema.getValue()).path("properties").size(), schema.getKey());
      } else {
        assertGeminiSubset(JSON.readTree(gemini), schema.getKey());
      }
    }
  }

  @Test
  void geminiInlinesARecursiveRecordOnceThenStops() throws IOException {
    JsonNode chain = JSON.readTree(Dialects.gemini(EXTRA.get("chain")));
    JsonNode next = chain.at("/properties/next");
    assertEquals("string", next.at("/properties/label/type").asText());
    JsonNode stop = next.at("/properties/next");
    assertEquals("object", stop.get("type").asText());
    assertFalse(stop.has("properties"));
    assertFalse(stop.get("description").asText().isEmpty());
  }

  /**
   * Checks {@code schema} against Gemini's documented Schema, written from its documentation and
   * not from the converter: only documented fields; a type on every schema but an anyOf; string
   * enums and formats only; an array's items; required names among the properties.
   */
  private static void assertGeminiSubset(JsonNode schema, String where) {
    assertTrue(schema.isObject(), where + " is a schema object");
    schema
        .fieldNames()
        .forEachRemaining(f -> assertTrue(GEMINI_FIELDS.contains(f), where + " has " + f));
    String type = schema.path("type").asText("");
    if (!schema.has("anyOf")) {
      assertTrue(
          List.of("string", "number", "integer", "boolean", "array", "object").contains(type),
          where + " type " + type);
    }
    if (schema.has("enum") || schema.has("format")) {
      assertEquals("string", type, where + " enum or format");
    }
    if (schema.has("format")) {
      assertTrue(
          List.of("enum", "date-time").contains(schema.get("format").asText()), where + " format");
    }
    if (type.equals("array")) {
      assertTrue(schema.has("items"), where + " items");
    }
    schema
        .path("required")
        .forEach(
            name ->
                assertTrue(
                    schema.path("properties").has(name.asText()), where + " requires " + name));
    schema
        .path("properties")
        .fields()
        .forEachRemaining(f -> assertGeminiSubset(f.getValue(), where + "/" + f.getKey()));
    if (schema.has("items")) {
      assertGeminiSubset(schema.get("items"), where + "/items");
    }
    schema.path("anyOf").forEach(branch -> assertGeminiSubset(branch, where + "/anyOf"));
  }

  @Test
  void strictSchemasCloseEveryObjectAndRequireEverything() throws IOException {
    int strict = 0;
    for (Map.Entry<String, String> schema : schemas().entrySet()) {
      Optional<String> converted = Dialects.openAiStrict(schema.getValue());
      if (converted.isEmpty()) {
        continue; // open maps and free-form JSON: no strict variant (see noVariant... below)
      }
      strict++;
      assertStrict(JSON.readTree(converted.get()), schema.getKey());
      assertEquals(
          List.of(),
          META_SCHEMA.validate(converted.get(), InputFormat.JSON),
          schema.getKey() + " is valid 2020-12");
    }
    assertTrue(strict >= 6, "strict variants: " + strict);
  }

  private static void assertStrict(JsonNode schema, String where) {
    if (schema.isObject()) {
      for (String banned :
          List.of(
              "oneOf",
              "minLength",
              "maxLength",
              "uniqueItems",
              "default",
              "examples",
              "deprecated",
              "propertyNames")) {
        assertFalse(schema.has(banned), where + " has " + banned);
      }
      if (schema.has("properties")) {
        assertFalse(schema.get("additionalProperties").asBoolean(true), where);
        assertEquals(schema.get("properties").size(), schema.get("required").size(), where);
      }
      schema.fields().forEachRemaining(f -> assertStrict(f.getValue(), where + "/" + f.getKey()));
    } else if (schema.isArray()) {
      schema.forEach(e -> assertStrict(e, where));
    }
  }

  @Test
  void formatsByCommandLineName() {
    assertEquals(DefinitionFormat.OPENAI_RESPONSES, DefinitionFormat.of("openai-responses"));
    assertEquals(DefinitionFormat.GEMINI, DefinitionFormat.of("GEMINI"));
    assertEquals(DefinitionFormat.OPENAI_STRICT, DefinitionFormat.of("openai").strict());
    assertEquals(DefinitionFormat.ANTHROPIC, DefinitionFormat.ANTHROPIC.strict());
    assertThrows(IllegalArgumentException.class, () -> DefinitionFormat.of("cohere"));
  }
}
