package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUnion;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.models.chat.completions.ChatCompletionTool;
import com.openai.models.responses.NamespaceTool;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseToolSearchOutputItemParam;
import com.openai.models.responses.Tool;
import com.openai.models.responses.ToolSearchTool;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.deferral.ToolSearchMode;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Deferred listings and search answers read into the official SDKs' request types (openai-java,
 * anthropic-java): each element parses into the documented type, validates, keeps no field the type
 * does not know, and writes back as the same JSON.
 */
class DeferredShapesTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"description\":"
          + "\"The city\"}},\"required\":[\"city\"],\"additionalProperties\":false}";

  private static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    ToolHandler.Sync echo = (args, context) -> args;
    for (String[] tool :
        new String[][] {
          {"get_weather", "weather", "Current weather for a city."},
          {"forecast", "weather", "Weather forecast for the next days."},
          {"send_email", "mail", "Send an email message."},
          {"now", "core", "The current time."}
        }) {
      registry.register(
          ToolEntry.builder(tool[0], tool[1])
              .schema(SCHEMA)
              .description(tool[2])
              .handler(echo)
              .build());
    }
    registry.defineToolset(
        new ToolsetDefinition("mail", "Read and send email.", List.of(), List.of()));
    return registry;
  }

  private static DeferredDefinitions deferred(ToolRegistry registry, ToolSearchMode mode) {
    return DeferredDefinitions.builder(registry)
        .mode(mode)
        .policy(DeferralPolicy.always().toBuilder().alwaysLoad("now").build())
        .build();
  }

  /** The SDK's JSON of {@code value} equals {@code expected}, ours. */
  private static void roundTrips(JsonNode expected, String sdkJson) throws Exception {
    assertEquals(expected, MAPPER.readTree(sdkJson));
  }

  @Test
  void openAiResponsesDeferredListingIsNamespacesAndClientToolSearch() throws Exception {
    ToolRegistry registry = registry();
    String json =
        deferred(registry, ToolSearchMode.CLIENT)
            .definitions(DefinitionFormat.OPENAI_RESPONSES, new ToolSession());
    List<Tool> tools =
        com.openai.core.ObjectMappers.jsonMapper()
            .readValue(json, new TypeReference<List<Tool>>() {});
    assertEquals(4, tools.size()); // now, namespace mail, namespace weather, tool_search
    tools.forEach(Tool::validate);
    assertTrue(tools.get(0).isFunction());
    assertEquals("now", tools.get(0).asFunction().name());
    assertFalse(tools.get(0).asFunction().deferLoading().orElse(false));

    NamespaceTool mail = tools.get(1).asNamespace();
    assertEquals("mail", mail.name());
    assertEquals("Read and send email.", mail.description());
    NamespaceTool weather = tools.get(2).asNamespace();
    assertEquals("Tools of weather: forecast, get_weather", weather.description());
    for (NamespaceTool namespace : List.of(mail, weather)) {
      assertTrue(namespace._additionalProperties().isEmpty());
      for (NamespaceTool.Tool function : namespace.tools()) {
        assertTrue(function.asFunction().deferLoading().orElse(false));
        assertTrue(function.asFunction()._additionalProperties().isEmpty());
      }
    }
    ToolSearchTool search = tools.get(3).asSearch();
    assertEquals(ToolSearchTool.Execution.CLIENT, search.execution().orElseThrow());
    assertTrue(search._additionalProperties().isEmpty());
    roundTrips(
        MAPPER.readTree(json),
        com.openai.core.ObjectMappers.jsonMapper().writeValueAsString(tools));

    String hosted =
        deferred(registry, ToolSearchMode.HOSTED)
            .definitions(DefinitionFormat.OPENAI_RESPONSES, new ToolSession());
    List<Tool> hostedTools =
        com.openai.core.ObjectMappers.jsonMapper()
            .readValue(hosted, new TypeReference<List<Tool>>() {});
    assertTrue(hostedTools.get(3).asSearch().execution().isEmpty());
  }

  @Test
  void openAiClientSearchIsAnsweredWithAToolSearchOutputItem() throws Exception {
    ToolSession session = new ToolSession();
    String json =
        deferred(registry(), ToolSearchMode.CLIENT)
            .answer(
                DefinitionFormat.OPENAI_RESPONSES,
                "call_1",
                "{\"query\":\"weather forecast\",\"limit\":2}",
                session);
    ResponseInputItem item =
        com.openai.core.ObjectMappers.jsonMapper().readValue(json, ResponseInputItem.class);
    item.validate();
    ResponseToolSearchOutputItemParam output = item.asToolSearchOutput();
    assertEquals("call_1", output.callId().orElseThrow());
    assertEquals(
        ResponseToolSearchOutputItemParam.Execution.CLIENT, output.execution().orElseThrow());
    NamespaceTool weather = output.tools().get(0).asNamespace();
    assertEquals(
        List.of("forecast", "get_weather"),
        weather.tools().stream().map(t -> t.asFunction().name()).toList());
    assertEquals(List.of("forecast", "get_weather"), session.found());
    roundTrips(
        MAPPER.readTree(json), com.openai.core.ObjectMappers.jsonMapper().writeValueAsString(item));
  }

  @Test
  void anthropicDeferredListingCarriesDeferLoadingAndTheSearchTool() throws Exception {
    ToolRegistry registry = registry();
    for (ToolSearchMode mode : ToolSearchMode.values()) {
      String json =
          deferred(registry, mode).definitions(DefinitionFormat.ANTHROPIC, new ToolSession());
      List<ToolUnion> tools =
          com.anthropic.core.ObjectMappers.jsonMapper()
              .readValue(json, new TypeReference<List<ToolUnion>>() {});
      assertEquals(5, tools.size(), mode.toString());
      tools.forEach(ToolUnion::validate);
      assertEquals("now", tools.get(0).asTool().name());
      assertTrue(tools.get(0).asTool().deferLoading().isEmpty());
      for (ToolUnion deferred : tools.subList(1, 4)) {
        assertTrue(deferred.asTool().deferLoading().orElseThrow());
        assertTrue(deferred.asTool()._additionalProperties().isEmpty());
      }
      ToolUnion search = tools.get(4);
      switch (mode) {
        case HOSTED -> assertTrue(search.isSearchToolBm25_20251119());
        case HOSTED_REGEX -> assertTrue(search.isSearchToolRegex20251119());
        case CLIENT -> assertEquals("search_tools", search.asTool().name());
      }
      roundTrips(
          MAPPER.readTree(json),
          com.anthropic.core.ObjectMappers.jsonMapper().writeValueAsString(tools));
    }
  }

  @Test
  void anthropicClientSearchIsAnsweredWithToolReferenceBlocks() throws Exception {
    String json =
        deferred(registry(), ToolSearchMode.CLIENT)
            .answer(
                DefinitionFormat.ANTHROPIC,
                "toolu_1",
                "{\"query\":\"send an email\",\"limit\":1}",
                new ToolSession());
    ToolResultBlockParam result =
        com.anthropic.core.ObjectMappers.jsonMapper().readValue(json, ToolResultBlockParam.class);
    result.validate();
    assertEquals("toolu_1", result.toolUseId());
    List<ToolResultBlockParam.Content.Block> blocks = result.content().orElseThrow().asBlocks();
    assertEquals("send_email", blocks.get(0).asToolReference().toolName());
    roundTrips(
        MAPPER.readTree(json),
        com.anthropic.core.ObjectMappers.jsonMapper().writeValueAsString(result));
  }

  @Test
  void chatCompletionsDeferredListingIsThePortableSearchFunction() throws Exception {
    DeferredDefinitions deferred = deferred(registry(), ToolSearchMode.HOSTED);
    ToolSession session = new ToolSession();
    deferred.answer(DefinitionFormat.OPENAI, "", "{\"query\":\"email\",\"limit\":1}", session);
    for (DefinitionFormat format :
        List.of(DefinitionFormat.OPENAI, DefinitionFormat.OPENAI_STRICT)) {
      String json = deferred.definitions(format, session);
      List<ChatCompletionTool> tools = OpenAiConversation.tools(json);
      tools.forEach(ChatCompletionTool::validate);
      assertEquals(
          List.of("now", "send_email", "search_tools"),
          tools.stream().map(t -> t.asFunction().function().name()).toList());
      roundTrips(
          MAPPER.readTree(json),
          com.openai.core.ObjectMappers.jsonMapper().writeValueAsString(tools));
    }
  }
}
