package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.models.chat.completions.ChatCompletionFunctionTool;
import com.openai.models.responses.FunctionTool;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The catalog's definitions in every provider dialect: accepted unchanged by the official OpenAI
 * and Anthropic SDK types, Gemini's subset free of what Gemini rejects, MCP's schema 2020-12, and
 * OpenAI strict schemas that the generated reader accepts.
 */
final class DialectsTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    registry.registerAll(Catalog.tools().values());
    return registry;
  }

  private static List<JsonNode> definitions(DefinitionFormat format) throws Exception {
    ToolRegistry registry = registry();
    List<JsonNode> list = new ArrayList<>();
    MAPPER.readTree(registry.definitions(registry.toolNames(), format)).forEach(list::add);
    assertThat(list).hasSize(Catalog.tools().size());
    return list;
  }

  private static String schemaOf(String tool) {
    return Catalog.tools().get(tool).definition().schema();
  }

  @Test
  void variantsComputedAtCompileTimeAreWhatTheRegistryWouldDerive() {
    ToolRegistry derived = ToolRegistry.create();
    for (ToolEntry entry : Catalog.tools().values()) {
      // A new schema drops the variants the processor computed: the registry derives them.
      derived.register(entry.toBuilder().schema(entry.definition().schema()).build());
    }
    ToolRegistry generated = registry();
    for (DefinitionFormat format : DefinitionFormat.values()) {
      assertWithMessage(format.toString())
          .that(generated.definitions(generated.toolNames(), format))
          .isEqualTo(derived.definitions(derived.toolNames(), format));
    }
  }

  @Test
  void openAiChatCompletionsSdkAcceptsEveryDefinitionUnchanged() throws Exception {
    for (JsonNode definition : definitions(DefinitionFormat.OPENAI)) {
      ChatCompletionFunctionTool tool =
          com.openai.core.ObjectMappers.jsonMapper()
              .readValue(definition.toString(), ChatCompletionFunctionTool.class)
              .validate();
      String name = tool.function().name();
      assertThat(tool.function()._additionalProperties()).isEmpty();
      assertThat(tool._additionalProperties()).isEmpty();
      JsonNode back =
          MAPPER.readTree(com.openai.core.ObjectMappers.jsonMapper().writeValueAsString(tool));
      assertThat(back).isEqualTo(definition);
      if (!name.equals("scalars")) {
        // Only the @Tool(strict = true) tool is strict in the plain format.
        assertThat(back.get("function").get("parameters"))
            .isEqualTo(MAPPER.readTree(schemaOf(name)));
        assertThat(back.get("function").has("strict")).isFalse();
      }
    }
  }

  @Test
  void openAiResponsesSdkAcceptsEveryDefinitionAndStrictIsAlwaysSaid() throws Exception {
    for (JsonNode definition : definitions(DefinitionFormat.OPENAI_RESPONSES)) {
      FunctionTool tool =
          com.openai.core.ObjectMappers.jsonMapper()
              .readValue(definition.toString(), FunctionTool.class)
              .validate();
      assertThat(tool._additionalProperties()).isEmpty();
      assertThat(tool.strict()).hasValue(tool.name().equals("scalars"));
      JsonNode back =
          MAPPER.readTree(com.openai.core.ObjectMappers.jsonMapper().writeValueAsString(tool));
      assertThat(back).isEqualTo(definition);
    }
  }

  @Test
  void anthropicSdkToolAcceptsEveryDefinitionUnchanged() throws Exception {
    for (JsonNode definition : definitions(DefinitionFormat.ANTHROPIC)) {
      com.anthropic.models.messages.Tool tool =
          com.anthropic.core.ObjectMappers.jsonMapper()
              .readValue(definition.toString(), com.anthropic.models.messages.Tool.class)
              .validate();
      assertThat(tool._additionalProperties()).isEmpty();
      JsonNode back =
          MAPPER.readTree(com.anthropic.core.ObjectMappers.jsonMapper().writeValueAsString(tool));
      assertThat(back).isEqualTo(definition);
      assertThat(back.get("input_schema")).isEqualTo(MAPPER.readTree(schemaOf(tool.name())));
    }
  }

  @Test
  void mcpInputSchemaIsTheToolSchemaAndValid2020_12() throws Exception {
    for (JsonNode definition : definitions(DefinitionFormat.MCP)) {
      String name = definition.get("name").asText();
      assertThat(definition.get("description").asText()).isNotEmpty();
      assertThat(definition.get("inputSchema")).isEqualTo(MAPPER.readTree(schemaOf(name)));
      assertThat(Validator.metaSchemaErrors(definition.get("inputSchema").toString())).isEmpty();
    }
  }

  @Test
  void geminiSchemasUseOnlyItsOpenApiSubset() throws Exception {
    for (JsonNode definition : definitions(DefinitionFormat.GEMINI)) {
      String name = definition.get("name").asText();
      if (definition.has("parameters")) {
        assertGeminiSubset(definition.get("parameters"), name);
      } else { // Gemini rejects an empty object: a tool without arguments has no parameters
        assertWithMessage(name).that(MAPPER.readTree(schemaOf(name)).get("properties")).isEmpty();
      }
    }
    JsonNode tree =
        definitions(DefinitionFormat.GEMINI).stream()
            .filter(d -> d.get("name").asText().equals("tree"))
            .findFirst()
            .orElseThrow()
            .get("parameters");
    // The recursive record is inlined once, then stops at an object without properties.
    JsonNode child = tree.get("properties").get("children").get("items");
    assertThat(child.get("properties").get("label").get("type").asText()).isEqualTo("string");
    JsonNode stop = child.get("properties").get("children").get("items");
    assertThat(stop.get("type").asText()).isEqualTo("object");
    assertThat(stop.has("properties")).isFalse();
    assertThat(stop.get("description").asText()).isNotEmpty();
    assertThat(tree.get("properties").get("next").get("nullable").asBoolean()).isTrue();
    JsonNode shapes =
        definitions(DefinitionFormat.GEMINI).stream()
            .filter(d -> d.get("name").asText().equals("shapes"))
            .findFirst()
            .orElseThrow()
            .get("parameters");
    assertThat(shapes.get("properties").get("main").get("anyOf")).hasSize(3);
  }

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

  /**
   * Checks {@code schema} against Gemini's documented Schema, written from its documentation and
   * not from the converter: only documented fields; a type on every schema but an anyOf; string
   * enums and formats only; an array's items; required names among the properties.
   */
  private static void assertGeminiSubset(JsonNode schema, String where) {
    assertWithMessage(where + " is a schema object").that(schema.isObject()).isTrue();
    schema
        .fieldNames()
        .forEachRemaining(
            field ->
                assertWithMessage(where + " has " + field).that(GEMINI_FIELDS).contains(field));
    String type = schema.path("type").asText("");
    if (!schema.has("anyOf")) {
      assertWithMessage(where + " type")
          .that(type)
          .isAnyOf("string", "number", "integer", "boolean", "array", "object");
    }
    if (schema.has("enum") || schema.has("format")) {
      assertWithMessage(where + " enum or format on a " + type).that(type).isEqualTo("string");
    }
    if (schema.has("format")) {
      assertWithMessage(where + " format")
          .that(schema.get("format").asText())
          .isAnyOf("enum", "date-time");
    }
    if (type.equals("array")) {
      assertWithMessage(where + " items").that(schema.has("items")).isTrue();
    }
    schema
        .path("required")
        .forEach(
            name ->
                assertWithMessage(where + " requires " + name)
                    .that(schema.path("properties").has(name.asText()))
                    .isTrue());
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
  void strictSchemasRequireEverythingAndTheReaderAcceptsStrictCalls() throws Exception {
    JsonNode scalars = null;
    for (JsonNode definition : definitions(DefinitionFormat.OPENAI_STRICT)) {
      JsonNode function = definition.get("function");
      String name = function.get("name").asText();
      boolean open = name.equals("containers") || name.equals("loose");
      // Open maps and free-form JSON cannot be strict: emitted as they are.
      assertWithMessage(name).that(function.has("strict")).isEqualTo(!open);
      if (!open) {
        assertStrict(function.get("parameters"), name);
        assertThat(Validator.metaSchemaErrors(function.get("parameters").toString())).isEmpty();
      }
      if (name.equals("scalars")) {
        scalars = function.get("parameters");
      }
    }
    assertThat(scalars.get("required")).hasSize(13);
    assertThat(scalars.get("properties").get("note").get("type").toString())
        .isEqualTo("[\"string\",\"null\"]");
    // What a strict model sends: every property, optional ones as null.
    String call =
        "{\"count\":3,\"ratio\":0.5,\"word\":\"abc\",\"flag\":true,\"initial\":\"x\","
            + "\"unit\":\"fahrenheit\",\"step\":null,\"color\":\"red\",\"note\":null,\"small\":1,"
            + "\"tiny\":2,\"real\":1.5,\"is-on\":false}";
    assertThat(Validator.accepts(Validator.schema(scalars.toString()), call)).isTrue();
    assertThat(Compiled.call(Catalog.tools().get("scalars"), call, ToolContext.empty()))
        .isEqualTo("scalars 3 0.5 abc true x FAHRENHEIT 7 red null 1 2 1.5 false");
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
        assertWithMessage(where + " has " + banned).that(schema.has(banned)).isFalse();
      }
      if (schema.has("properties")) {
        assertWithMessage(where).that(schema.get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(schema.get("required")).hasSize(schema.get("properties").size());
      }
      schema.fields().forEachRemaining(f -> assertStrict(f.getValue(), where + "/" + f.getKey()));
    } else if (schema.isArray()) {
      schema.forEach(e -> assertStrict(e, where));
    }
  }

  @Test
  void formatsByCommandLineName() {
    assertThat(DefinitionFormat.of("openai-responses"))
        .isEqualTo(DefinitionFormat.OPENAI_RESPONSES);
    assertThat(DefinitionFormat.of("GEMINI")).isEqualTo(DefinitionFormat.GEMINI);
    assertThat(DefinitionFormat.of("openai").strict()).isEqualTo(DefinitionFormat.OPENAI_STRICT);
    assertThat(DefinitionFormat.ANTHROPIC.strict()).isEqualTo(DefinitionFormat.ANTHROPIC);
    assertThrows(IllegalArgumentException.class, () -> DefinitionFormat.of("cohere"));
  }
}
