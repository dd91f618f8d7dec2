package dev.toolsmith.springai;

import static dev.toolsmith.testing.springai.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.testing.WeatherTools;
import dev.toolsmith.testing.springai.ScriptedChatModel;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.DefaultToolExecutionExceptionProcessor;
import org.springframework.ai.tool.execution.ToolExecutionException;

/**
 * The bridge inside Spring AI's real loop: {@code ChatClient} with its {@code ToolCallingAdvisor}
 * and {@code DefaultToolCallingManager}, driven by a scripted chat model that asks for several tool
 * calls in one turn and then answers with the results it received.
 */
class ChatClientLoopTest {

  private static final String INVALID = "{\"a\":\"two\",\"b\":-1}";

  private static final List<AssistantMessage.ToolCall> CALLS =
      List.of(
          call("call_1", "add", "{\"a\":2,\"b\":3}"),
          call("call_2", "add", INVALID),
          call("call_3", "nope", "{}"),
          call("call_4", "who_am_i", "{}"));

  private final ToolRegistry registry = uncachedRegistry();

  @AfterEach
  void weatherBack() {
    WeatherTools.AVAILABLE.set(true);
  }

  private static ToolRegistry uncachedRegistry() {
    ToolRegistry registry = ToolRegistry.builder().checkPolicy(CheckPolicy.uncached()).build();
    Discovery.builder().build().into(registry);
    return registry;
  }

  private static ChatClient client(ScriptedChatModel model, ToolCallingManager manager) {
    return ChatClient.builder(
            model,
            ObservationRegistry.NOOP,
            null,
            null,
            ToolCallingAdvisor.builder().toolCallingManager(manager))
        .build();
  }

  private static ToolCallingManager answeringUnknownTools() {
    return ToolCallingManager.builder()
        .toolCallbackResolver(new UnknownToolResolver())
        .resolutionFallbackEnabled(true)
        .build();
  }

  @Test
  void theModelIsOfferedEveryToolWithItsSchemaTextByteForByte() {
    ScriptedChatModel model = new ScriptedChatModel(CALLS);
    client(model, answeringUnknownTools())
        .prompt("Add 2 and 3.")
        .toolCallbacks(ToolsmithToolCallbackProvider.of(registry))
        .toolContext(Map.of("user", "ada"))
        .call()
        .content();

    List<ToolDefinition> offered = model.offered(0);
    assertEquals(registry.toolNames(), model.offeredNames(0));
    for (ToolDefinition definition : offered) {
      ToolEntry entry = registry.entry(definition.name()).orElseThrow();
      assertEquals(entry.definition().schema(), definition.inputSchema(), definition.name());
      assertEquals(entry.definition().description(), definition.description(), definition.name());
    }
    assertEquals(
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\","
            + "\"description\":\"the first addend\"},\"b\":{\"type\":\"integer\","
            + "\"description\":\"the second addend, not negative\",\"minimum\":0}},"
            + "\"required\":[\"a\",\"b\"],\"additionalProperties\":false}",
        offered.get(0).inputSchema());
  }

  @Test
  void oneTurnOfFourCallsGivesTheModelEachResultAsTheRegistryWritesIt() {
    ScriptedChatModel model = new ScriptedChatModel(CALLS);
    String answer =
        client(model, answeringUnknownTools())
            .prompt("Add 2 and 3.")
            .toolCallbacks(ToolsmithToolCallbackProvider.of(registry))
            .toolContext(Map.of("user", "ada"))
            .call()
            .content();

    String invalid = registry.dispatch("add", INVALID);
    assertTrue(
        invalid.startsWith("{\"error\":\"Invalid arguments for tool add\",\"problems\":["),
        invalid);
    assertEquals(
        String.join(
            "\n",
            "add=5",
            "add=" + invalid,
            "nope={\"error\":\"Unknown tool: nope\"}",
            "who_am_i=user ada"),
        answer);
    assertEquals(2, model.prompts().size());
  }

  @Test
  void springAisDefaultManagerEndsTheTurnOnAnUnknownTool() {
    ScriptedChatModel model = new ScriptedChatModel(CALLS);
    ChatClient client = client(model, ToolCallingManager.builder().build());

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                client
                    .prompt("Add 2 and 3.")
                    .toolCallbacks(ToolsmithToolCallbackProvider.of(registry))
                    .call()
                    .content());
    assertEquals("No ToolCallback found for tool name: nope", e.getMessage());
  }

  @Test
  void errorsAsExceptionsGoThroughSpringAisExceptionProcessorToTheSameText() {
    ScriptedChatModel model = new ScriptedChatModel(List.of(call("call_1", "add", INVALID)));
    String answer =
        client(model, answeringUnknownTools())
            .prompt("Add.")
            .toolCallbacks(
                ToolsmithToolCallbackProvider.builder(registry).errorsAsExceptions(true).build())
            .call()
            .content();

    assertEquals("add=" + registry.dispatch("add", INVALID), answer);
  }

  @Test
  void errorsAsExceptionsEndTheTurnWhenTheProcessorAlwaysThrows() {
    ScriptedChatModel model =
        new ScriptedChatModel(List.of(call("call_1", "divide", "{\"dividend\":1,\"divisor\":0}")));
    ToolCallingManager manager =
        ToolCallingManager.builder()
            .toolExecutionExceptionProcessor(
                DefaultToolExecutionExceptionProcessor.builder().alwaysThrow(true).build())
            .build();
    ChatClient client = client(model, manager);

    ToolExecutionException e =
        assertThrows(
            ToolExecutionException.class,
            () ->
                client
                    .prompt("Divide.")
                    .toolCallbacks(
                        ToolsmithToolCallbackProvider.builder(registry)
                            .errorsAsExceptions(true)
                            .build())
                    .call()
                    .content());
    ToolsmithToolException cause = assertInstanceOf(ToolsmithToolException.class, e.getCause());
    assertEquals(
        "{\"error\":\"Tool execution failed: ArithmeticException: / by zero\"}",
        cause.errorResult());
    assertEquals("divide", e.getToolDefinition().name());
  }

  @Test
  void anUnavailableToolsetIsLeftOutOfTheNextRequestAndBackWhenItsCheckPasses() {
    ToolsmithToolCallbackProvider tools = ToolsmithToolCallbackProvider.of(registry);
    ScriptedChatModel model = new ScriptedChatModel(List.of());
    ChatClient client = client(model, answeringUnknownTools());

    client.prompt("1").toolCallbacks(tools).call().content();
    WeatherTools.AVAILABLE.set(false);
    client.prompt("2").toolCallbacks(tools).call().content();
    WeatherTools.AVAILABLE.set(true);
    client.prompt("3").toolCallbacks(tools).call().content();

    assertTrue(model.offeredNames(0).contains("weather"));
    assertEquals(List.of("add", "divide", "who_am_i"), model.offeredNames(1));
    assertEquals(model.offeredNames(0), model.offeredNames(2));
  }

  @Test
  void aToolsetSelectionOffersOnlyItsTools() {
    ScriptedChatModel model = new ScriptedChatModel(List.of());
    client(model, answeringUnknownTools())
        .prompt("Add.")
        .toolCallbacks(
            ToolsmithToolCallbackProvider.builder(registry)
                .toolsets(List.of("all"), List.of("math"))
                .build())
        .call()
        .content();

    assertEquals(List.of("weather", "who_am_i"), model.offeredNames(0));
  }

  @Test
  void springAisToolContextMapReachesTheToolAsAttributes() {
    ToolsmithToolCallback callback =
        ToolsmithToolCallback.of(registry, registry.entry("who_am_i").orElseThrow());

    assertEquals(
        "user grace",
        callback.call(
            "{}", new org.springframework.ai.chat.model.ToolContext(Map.of("user", "grace"))));
    assertEquals(
        registry.dispatch("who_am_i", "{}", ToolContext.of("", Map.of("user", "grace"))),
        "user grace");
  }
}
