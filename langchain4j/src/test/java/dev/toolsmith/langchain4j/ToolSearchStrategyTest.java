package dev.toolsmith.langchain4j;

import static dev.toolsmith.langchain4j.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry's search as LangChain4j's tool search strategy, in the real AiServices loop. */
class ToolSearchStrategyTest {

  interface Assistant {
    String chat(String message);
  }

  /** Plays one reply per request: a tool call, another, then the last tool result as text. */
  static final class StepModel implements ChatModel {
    final List<ChatRequest> requests = new ArrayList<>();
    private final Deque<ToolExecutionRequest> steps;

    StepModel(List<ToolExecutionRequest> steps) {
      this.steps = new ArrayDeque<>(steps);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
      requests.add(request);
      if (!steps.isEmpty()) {
        return ChatResponse.builder().aiMessage(AiMessage.from(steps.poll())).build();
      }
      List<ChatMessage> messages = request.messages();
      ToolExecutionResultMessage last =
          (ToolExecutionResultMessage) messages.get(messages.size() - 1);
      return ChatResponse.builder().aiMessage(AiMessage.from(last.text())).build();
    }

    List<String> offered(int index) {
      return requests.get(index).toolSpecifications().stream()
          .map(ToolSpecification::name)
          .toList();
    }
  }

  private static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    Discovery.builder().build().into(registry);
    return registry;
  }

  @Test
  void theModelSearchesThenCallsTheToolItFoundInTheAiServicesLoop() {
    ToolRegistry registry = registry();
    StepModel model =
        new StepModel(
            List.of(
                call("s1", "search_tools", "{\"query\":\"add two whole numbers\",\"limit\":1}"),
                call("c1", "add", "{\"a\":2,\"b\":3}")));
    Assistant assistant =
        AiServices.builder(Assistant.class)
            .chatModel(model)
            .toolProvider(ToolsmithToolProvider.of(registry))
            .toolSearchStrategy(ToolsmithToolSearchStrategy.of(registry))
            .build();

    assertEquals("5", assistant.chat("What is 2 + 3?"));
    assertEquals(List.of("search_tools"), model.offered(0));
    assertTrue(model.offered(1).contains("add"), model.offered(1).toString());
    assertTrue(!model.offered(1).contains("divide"), model.offered(1).toString());
    ToolExecutionResultMessage searched =
        (ToolExecutionResultMessage) model.requests.get(1).messages().get(2);
    assertEquals("Tools found, now available: add", searched.text());
  }

  @Test
  void badArgumentsFindNothingAndSayWhatIsWanted() {
    ToolRegistry registry = registry();
    ToolsmithToolSearchStrategy strategy = ToolsmithToolSearchStrategy.of(registry);
    List<ToolSpecification> all =
        ToolsmithToolProvider.of(registry).provideTools(null).tools().keySet().stream().toList();
    for (String bad : new String[] {null, "", "[]", "{\"query\":1}", "{\"query\":\" \"}", "{\"q"}) {
      var result =
          strategy.search(
              ToolSearchRequest.builder()
                  .toolExecutionRequest(call("s", "search_tools", bad))
                  .searchableTools(all)
                  .invocationContext(InvocationContext.builder().build())
                  .build());
      assertTrue(result.foundToolNames().isEmpty(), bad);
      assertTrue(result.toolResultMessageText().startsWith("the search "), bad);
    }
  }
}
