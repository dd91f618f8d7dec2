package dev.toolsmith.langchain4j;

import static dev.toolsmith.langchain4j.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.UserMessage;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.testing.WeatherTools;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bridge inside LangChain4j's real loop: an AI service built by {@code AiServices} with the
 * provider, driven by a scripted chat model that asks for several tool calls in one turn and then
 * answers with the results it received.
 */
class AiServicesLoopTest {

  /** The AI service the tests call. */
  interface Assistant {
    String chat(String message);

    String chat(@UserMessage String message, InvocationParameters parameters);
  }

  private static final String INVALID = "{\"a\":\"two\",\"b\":-1}";
  private static final List<ToolExecutionRequest> CALLS =
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

  private static Assistant assistant(ScriptedChatModel model, ToolsmithToolProvider tools) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .toolProvider(tools)
        .hallucinatedToolNameStrategy(new UnknownToolStrategy())
        .build();
  }

  @Test
  void everyToolReachesTheModelWithItsSchemaCarriedCharacterForCharacter() {
    ScriptedChatModel model = new ScriptedChatModel(List.of());
    assistant(model, ToolsmithToolProvider.of(registry)).chat("Hello");

    List<ToolSpecification> offered = model.requests.get(0).toolSpecifications();
    assertEquals(registry.toolNames(), model.offeredNames(0));
    for (ToolSpecification specification : offered) {
      ToolEntry entry = registry.entry(specification.name()).orElseThrow();
      assertEquals(
          entry.definition().schema(), Reassembled.text(specification.parameters()), entry.name());
      assertEquals(entry.definition().description(), specification.description());
    }
    assertTrue(
        registry.entry("count_nodes").orElseThrow().definition().schema().contains("\"$defs\""));
  }

  @Test
  void oneTurnOfFourCallsGivesTheModelEachResultAsTheRegistryWritesIt() {
    ScriptedChatModel model = new ScriptedChatModel(CALLS);
    String answer =
        assistant(model, ToolsmithToolProvider.of(registry))
            .chat("Add 2 and 3.", InvocationParameters.from("user", "ada"));

    String invalid = registry.dispatch("add", INVALID);
    assertTrue(
        invalid.startsWith("{\"error\":\"Invalid arguments for tool add\",\"problems\":["),
        invalid);
    assertEquals(
        String.join(
            "\n",
            "add=5",
            "add!=" + invalid,
            // LangChain4j 1.19 keeps the text of a hallucinated-name answer but not its error flag
            "nope={\"error\":\"Unknown tool: nope\"}",
            "who_am_i=user ada"),
        answer);
    assertEquals(2, model.requests.size());
  }

  @Test
  void langChain4jsDefaultStrategyEndsTheCallOnAnUnknownTool() {
    ScriptedChatModel model = new ScriptedChatModel(CALLS);
    Assistant assistant =
        AiServices.builder(Assistant.class)
            .chatModel(model)
            .toolProvider(ToolsmithToolProvider.of(registry))
            .build();

    RuntimeException e = assertThrows(RuntimeException.class, () -> assistant.chat("Add."));
    assertTrue(e.getMessage().contains("'nope' tool, but no such tool exists"), e.getMessage());
  }

  @Test
  void eachCallOffersTheToolsetsChosenForItsInvocationParameters() {
    ScriptedChatModel model = new ScriptedChatModel(List.of());
    ToolsmithToolProvider tools =
        ToolsmithToolProvider.builder(registry)
            .toolsets(List.of("all"), List.of("session"))
            .toolsetsPerRequest(
                request -> request.invocationParameters().<Collection<String>>get("toolsets"))
            .build();
    Assistant assistant = assistant(model, tools);

    assistant.chat("1", InvocationParameters.from("toolsets", List.of("math")));
    assistant.chat("2", InvocationParameters.from("toolsets", List.of("weather", "session")));
    assistant.chat("3", new InvocationParameters(Map.of()));

    assertEquals(List.of("add", "divide"), model.offeredNames(0));
    assertEquals(List.of("weather"), model.offeredNames(1));
    assertEquals(
        List.of("add", "count_nodes", "divide", "weather", "weather_in"), model.offeredNames(2));
  }

  @Test
  void anUnavailableToolsetIsLeftOutOfTheNextCallAndBackWhenItsCheckPasses() {
    ScriptedChatModel model = new ScriptedChatModel(List.of());
    Assistant assistant = assistant(model, ToolsmithToolProvider.of(registry));

    assistant.chat("1");
    WeatherTools.AVAILABLE.set(false);
    assistant.chat("2");
    WeatherTools.AVAILABLE.set(true);
    assistant.chat("3");

    assertTrue(model.offeredNames(0).contains("weather"));
    assertEquals(
        List.of("add", "count_nodes", "divide", "weather_in", "who_am_i"), model.offeredNames(1));
    assertEquals(model.offeredNames(0), model.offeredNames(2));
  }
}
