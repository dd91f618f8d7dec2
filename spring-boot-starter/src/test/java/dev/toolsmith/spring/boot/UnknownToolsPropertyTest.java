package dev.toolsmith.spring.boot;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.springai.ToolsmithToolCallbackProvider;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallLimitExceededException;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code toolsmith.unknown-tools=error}: the application's tool-calling manager (Spring AI's own
 * auto-configuration in the context) answers a tool the request did not offer as the registry does,
 * and still records Spring AI's tool observations.
 */
class UnknownToolsPropertyTest {

  private final TestObservationRegistry observations = TestObservationRegistry.create();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ToolsmithAutoConfiguration.class, ToolCallingAutoConfiguration.class))
          .withBean(ObservationRegistry.class, () -> observations);

  @Test
  void errorAnswersAnUnknownToolAndKeepsSpringAisObservations() {
    runner
        .withPropertyValues("toolsmith.unknown-tools=error")
        .run(
            context -> {
              ToolCallingManager manager = context.getBean(ToolCallingManager.class);
              ToolsmithToolCallbackProvider tools =
                  context.getBean(ToolsmithToolCallbackProvider.class);

              ToolExecutionResult result =
                  manager.executeToolCalls(
                      prompt(tools), calls(call("call_1", "add"), call("call_2", "nope")));

              List<ToolResponseMessage.ToolResponse> responses = responses(result);
              assertEquals("5", responses.get(0).responseData());
              assertEquals("{\"error\":\"Unknown tool: nope\"}", responses.get(1).responseData());
              assertThat(observations)
                  .hasNumberOfObservationsWithNameEqualTo("spring.ai.tool", 2)
                  .hasNumberOfObservationsWithNameEqualTo(ToolCallObservation.NAME, 1);
            });
  }

  @Test
  void unsetLeavesSpringAisOwnAnswer() {
    runner.run(
        context -> {
          ToolCallingManager manager = context.getBean(ToolCallingManager.class);
          ToolsmithToolCallbackProvider tools =
              context.getBean(ToolsmithToolCallbackProvider.class);
          IllegalStateException failure =
              assertThrows(
                  IllegalStateException.class,
                  () -> manager.executeToolCalls(prompt(tools), calls(call("call_1", "nope"))));
          assertEquals("No ToolCallback found for tool name: nope", failure.getMessage());
        });
  }

  @Test
  void errorKeepsSpringAisCallLimits() {
    runner
        .withPropertyValues(
            "toolsmith.unknown-tools=error", "spring.ai.tools.limits.max-calls-per-tool-default=1")
        .run(
            context -> {
              ToolCallingManager manager = context.getBean(ToolCallingManager.class);
              ToolsmithToolCallbackProvider tools =
                  context.getBean(ToolsmithToolCallbackProvider.class);
              assertThrows(
                  ToolCallLimitExceededException.class,
                  () ->
                      manager.executeToolCalls(
                          prompt(tools), calls(call("call_1", "add"), call("call_2", "add"))));
            });
  }

  private static List<ToolResponseMessage.ToolResponse> responses(ToolExecutionResult result) {
    return ((ToolResponseMessage) result.conversationHistory().get(2)).getResponses();
  }

  private static Prompt prompt(ToolsmithToolCallbackProvider tools) {
    return new Prompt(
        "Add", ToolCallingChatOptions.builder().toolCallbacks(tools.getToolCallbacks()).build());
  }

  private static AssistantMessage.ToolCall call(String id, String name) {
    return new AssistantMessage.ToolCall(id, "function", name, "{\"a\":2,\"b\":3}");
  }

  private static ChatResponse calls(AssistantMessage.ToolCall... calls) {
    AssistantMessage message =
        AssistantMessage.builder().content("").toolCalls(List.of(calls)).build();
    return new ChatResponse(List.of(new Generation(message)));
  }
}
