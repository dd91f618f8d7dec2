package dev.toolsmith.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What reaches the provider: LangChain4j's own OpenAI chat model, pointed at a local server that
 * replays two recorded responses (tool calls, then an answer), inside an AI service's loop.
 */
class OpenAiWireTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The AI service the test calls. */
  interface Assistant {
    String chat(String message);
  }

  private static final String TOOL_CALLS =
      "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\","
          + "\"created\":1,\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"message\":"
          + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
          + "{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"add\","
          + "\"arguments\":\"{\\\"a\\\":2,\\\"b\\\":3}\"}},"
          + "{\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"add\","
          + "\"arguments\":\"{\\\"a\\\":2}\"}},"
          + "{\"id\":\"call_3\",\"type\":\"function\",\"function\":{\"name\":\"nope\","
          + "\"arguments\":\"{}\"}}]},\"finish_reason\":\"tool_calls\"}],"
          + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":10,\"total_tokens\":20}}";

  private static final String ANSWER =
      "{\"id\":\"chatcmpl-2\",\"object\":\"chat.completion\","
          + "\"created\":2,\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"message\":"
          + "{\"role\":\"assistant\",\"content\":\"2 + 3 = 5\"},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":10,\"total_tokens\":20}}";

  @Test
  void theRequestCarriesOurSchemasAndTheToolResultsLessOneTopLevelKeyword() throws Exception {
    ToolRegistry registry = Discovery.discover();
    try (ReplayServer server = new ReplayServer(List.of(TOOL_CALLS, ANSWER))) {
      OpenAiChatModel model =
          OpenAiChatModel.builder()
              .baseUrl(server.baseUrl())
              .apiKey("test-key")
              .modelName("gpt-4o-mini")
              .build();
      Assistant assistant =
          AiServices.builder(Assistant.class)
              .chatModel(model)
              .toolProvider(ToolsmithToolProvider.of(registry))
              .hallucinatedToolNameStrategy(new UnknownToolStrategy())
              .build();

      assertEquals("2 + 3 = 5", assistant.chat("What is 2 + 3?"));

      assertEquals(2, server.requests.size());
      JsonNode tools = JSON.readTree(server.requests.get(0)).path("tools");
      List<String> names = new ArrayList<>();
      for (JsonNode tool : tools) {
        JsonNode function = tool.path("function");
        String name = function.path("name").asText();
        names.add(name);
        String schema = registry.entry(name).orElseThrow().definition().schema();
        ObjectNode expected = (ObjectNode) JSON.readTree(schema);
        // LangChain4j's OpenAI mapping leaves out a top-level additionalProperties unless strict,
        // and writes "required" even when empty; every other keyword arrives as we wrote it.
        assertEquals(JSON.readTree("false"), expected.remove("additionalProperties"), name);
        expected.putIfAbsent("required", JSON.createArrayNode());
        assertEquals(expected, function.path("parameters"), name);
        assertFalse(function.path("parameters").has("additionalProperties"), name);
      }
      assertEquals(registry.toolNames(), names);

      List<String> results = new ArrayList<>();
      for (JsonNode message : JSON.readTree(server.requests.get(1)).path("messages")) {
        if (message.path("role").asText().equals("tool")) {
          results.add(
              message.path("tool_call_id").asText() + " " + message.path("content").asText());
        }
      }
      assertEquals(
          List.of(
              "call_1 5",
              "call_2 " + registry.dispatch("add", "{\"a\":2}"),
              "call_3 {\"error\":\"Unknown tool: nope\"}"),
          results);
    }
  }
}
