package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

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
import org.junit.jupiter.api.Test;

/**
 * The catalog's definitions in every provider dialect: accepted unchanged by the official OpenAI
 * and Anthropic SDK types, MCP's schema 2020-12, and OpenAI strict calls that the generated reader
 * accepts. The dialects' own shapes (Gemini's subset, strict mode's rules) are proved by
 * toolsmith-schema's DialectShapesTest.
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
  void strictListingMarksStrictToolsAndTheReaderAcceptsStrictCalls() throws Exception {
    JsonNode scalars = null;
    for (JsonNode definition : definitions(DefinitionFormat.OPENAI_STRICT)) {
      JsonNode function = definition.get("function");
      String name = function.get("name").asText();
      boolean open = name.equals("containers") || name.equals("loose");
      // Open maps and free-form JSON cannot be strict: emitted as they are.
      assertWithMessage(name).that(function.has("strict")).isEqualTo(!open);
      if (!open) {
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
}
