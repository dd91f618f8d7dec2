package dev.toolsmith.spring.boot;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.springai.ToolsmithToolCallbackProvider;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A tool call through Spring AI's own {@code DefaultToolCallingManager}: the tool and the {@code
 * toolsmith.tool.call} observation get the model's call id, and the two observations of the call
 * (Spring AI's and ours) have different names.
 */
class SpringAiToolCallTest {

  private final TestObservationRegistry observations = TestObservationRegistry.create();
  private final List<String> seenCallIds = new CopyOnWriteArrayList<>();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ToolsmithAutoConfiguration.class))
          .withBean(ObservationRegistry.class, () -> observations);

  @Test
  void theModelsCallIdReachesTheToolAndTheObservation() {
    runner.run(
        context -> {
          ToolRegistry registry = context.getBean(ToolRegistry.class);
          ToolHandler.Sync recordCallId =
              (arguments, toolContext) -> {
                seenCallIds.add(toolContext.callId());
                return "\"ok\"";
              };
          registry.register(
              ToolEntry.builder("record_call_id", "session")
                  .schema("{\"type\":\"object\",\"properties\":{}}")
                  .handler(recordCallId)
                  .build());
          ToolsmithToolCallbackProvider tools =
              context.getBean(ToolsmithToolCallbackProvider.class);
          ToolCallingManager manager =
              ToolCallingManager.builder().observationRegistry(observations).build();

          ToolExecutionResult result = manager.executeToolCalls(prompt(tools), toolCall("call_7"));

          ToolResponseMessage response = (ToolResponseMessage) result.conversationHistory().get(2);
          assertEquals("call_7", response.getResponses().get(0).id());
          assertEquals(List.of("call_7"), seenCallIds, "the tool's ToolContext.callId()");
          assertThat(observations)
              .hasNumberOfObservationsEqualTo(2)
              .hasObservationWithNameEqualTo("spring.ai.tool")
              .that()
              .hasContextualNameEqualTo("execute_tool record_call_id")
              .hasHighCardinalityKeyValue("spring.ai.tool.call.id", "call_7")
              .backToTestObservationRegistry()
              .hasObservationWithNameEqualTo(ToolCallObservation.NAME)
              .that()
              .hasContextualNameEqualTo("dispatch record_call_id")
              .hasParentObservationContextMatching(
                  parent -> parent.getName().equals("spring.ai.tool"))
              .hasHighCardinalityKeyValue("gen_ai.tool.call.id", "call_7")
              .hasLowCardinalityKeyValue("toolsmith.tool.outcome", "result");
        });
  }

  private static Prompt prompt(ToolsmithToolCallbackProvider tools) {
    return new Prompt(
        "Record the call id",
        ToolCallingChatOptions.builder().toolCallbacks(tools.getToolCallbacks()).build());
  }

  private static ChatResponse toolCall(String id) {
    AssistantMessage message =
        AssistantMessage.builder()
            .content("")
            .toolCalls(
                List.of(new AssistantMessage.ToolCall(id, "function", "record_call_id", "{}")))
            .build();
    return new ChatResponse(List.of(new Generation(message)));
  }
}
