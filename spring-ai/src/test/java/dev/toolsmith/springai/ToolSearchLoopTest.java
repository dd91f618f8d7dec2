package dev.toolsmith.springai;

import static dev.toolsmith.testing.springai.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.testing.springai.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.ToolResponseMessage;

/**
 * Tool search inside Spring AI's real loop: {@code ChatClient} with its default {@code
 * ToolCallingAdvisor}, a scripted model that searches, calls what it found and answers.
 */
class ToolSearchLoopTest {

  private static final String SEARCH = "search_tools";

  private final ToolRegistry registry = registry();

  private static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    Discovery.builder().build().into(registry);
    return registry;
  }

  private static String ask(
      ScriptedChatModel model, ToolsmithToolSearch search, ToolSession session) {
    return ChatClient.create(model)
        .prompt("What's the weather in Paris?")
        .toolCallbacks(search.toolCallbacks(session))
        .advisors(search.advisor(session))
        .call()
        .content();
  }

  @Test
  void theModelSearchesThenTheNextRequestListsTheFoundToolAndItsCallIsAnswered() {
    ScriptedChatModel model =
        ScriptedChatModel.turns(
            List.of(
                List.of(call("c1", SEARCH, "{\"query\":\"weather in a city\",\"limit\":1}")),
                List.of(call("c2", "weather", "{\"city\":\"Paris\"}"))));
    ToolSession session = new ToolSession();

    String answer = ask(model, ToolsmithToolSearch.builder(registry).build(), session);

    assertEquals("weather=Sunny in Paris", answer);
    assertEquals(List.of(SEARCH), model.offeredNames(0));
    assertEquals(List.of(SEARCH, "weather"), model.offeredNames(1));
    assertEquals(List.of(SEARCH, "weather"), model.offeredNames(2));
    assertEquals(List.of("weather"), session.found());
    String searched = searchResult(model, 1);
    assertTrue(searched.startsWith("{\"tools\":[{\"name\":\"weather\""), searched);
  }

  @Test
  void badSearchArgumentsGetOneLineBackAndTheLoopGoesOn() {
    ScriptedChatModel model =
        ScriptedChatModel.turns(
            List.of(List.of(call("c1", SEARCH, "not json"), call("c2", SEARCH, "{\"limit\":3}"))));
    ToolSession session = new ToolSession();

    String answer = ask(model, ToolsmithToolSearch.builder(registry).build(), session);

    assertEquals(
        String.join(
            "\n",
            SEARCH + "={\"error\":\"the search arguments are not valid JSON\"}",
            SEARCH + "={\"error\":\"the search needs a non-empty \\\"query\\\" string\"}"),
        answer);
    assertEquals(List.of(SEARCH), model.offeredNames(1));
    assertEquals(List.of(), session.found());
  }

  @Test
  void aToolNotYetFoundIsStillCallable() {
    ScriptedChatModel model =
        new ScriptedChatModel(List.of(call("c1", "add", "{\"a\":2,\"b\":3}")));

    String answer = ask(model, ToolsmithToolSearch.builder(registry).build(), new ToolSession());

    assertEquals("add=5", answer);
    assertEquals(List.of(SEARCH), model.offeredNames(0));
  }

  @Test
  void alwaysLoadedToolsAreListedAndAListingUnderThePolicysLimitIsNotDeferred() {
    ScriptedChatModel few = new ScriptedChatModel(List.of());
    ask(
        few,
        ToolsmithToolSearch.builder(registry)
            .policy(DeferralPolicy.builder().aboveTools(10).build())
            .build(),
        new ToolSession());
    assertEquals(registry.toolNames(), few.offeredNames(0));

    ScriptedChatModel loaded = new ScriptedChatModel(List.of());
    ask(
        loaded,
        ToolsmithToolSearch.builder(registry)
            .policy(DeferralPolicy.always().toBuilder().alwaysLoadToolsets("math").build())
            .build(),
        new ToolSession());
    assertEquals(List.of(SEARCH, "add", "divide"), loaded.offeredNames(0));
  }

  /** The search tool's result the {@code turn}-th request carried back to the model. */
  private static String searchResult(ScriptedChatModel model, int turn) {
    return model.prompts().get(turn).getInstructions().stream()
        .filter(ToolResponseMessage.class::isInstance)
        .flatMap(m -> ((ToolResponseMessage) m).getResponses().stream())
        .filter(r -> r.name().equals(SEARCH))
        .map(ToolResponseMessage.ToolResponse::responseData)
        .findFirst()
        .orElseThrow();
  }
}
