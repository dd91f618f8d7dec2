package dev.toolsmith.runtime.deferral;

import static dev.toolsmith.runtime.Fixtures.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeferredDefinitionsTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        tool("get_weather", "weather").description("Current weather for a city.").build());
    registry.register(tool("forecast", "weather").description("Weather forecast.").build());
    registry.register(tool("send_email", "mail").description("Send an email message.").build());
    registry.register(tool("now", "core").description("The current time.").build());
    registry.defineToolset(
        new ToolsetDefinition("mail", "Read and send email.", List.of(), List.of()));
    return registry;
  }

  /** The names of a tools array's function definitions, in any of the flat shapes. */
  private static List<String> names(String tools) throws Exception {
    List<String> names = new ArrayList<>();
    for (JsonNode tool : MAPPER.readTree(tools)) {
      JsonNode function = tool.path("function");
      names.add((function.isMissingNode() ? tool : function).path("name").asText());
    }
    return names;
  }

  @Test
  void policyDefersAboveTheToolCountAndStopsWhenTheCountFallsAgain() throws Exception {
    ToolRegistry registry = registry();
    DeferredDefinitions deferred =
        DeferredDefinitions.builder(registry)
            .policy(DeferralPolicy.builder().aboveTools(3).alwaysLoad("now").build())
            .build();
    ToolSession session = new ToolSession();

    DeferredListing listing = deferred.listing(DefinitionFormat.OPENAI, session);
    assertTrue(listing.deferred());
    assertEquals(List.of("now", "search_tools"), names(listing.tools()));
    assertEquals(List.of("forecast", "get_weather", "send_email"), listing.deferredTools());
    assertTrue(listing.tools().length() < listing.fullChars());

    registry.deregister("forecast"); // three tools: not above the threshold any more
    DeferredListing full = deferred.listing(DefinitionFormat.OPENAI, session);
    assertFalse(full.deferred());
    assertEquals(registry.definitions(registry.toolNames()), full.tools());
  }

  @Test
  void policyDefersAboveTheCharacterCount() {
    ToolRegistry registry = registry();
    int fullLength = registry.definitions(registry.toolNames()).length();
    DeferralPolicy justAbove = DeferralPolicy.builder().aboveChars(fullLength).build();
    DeferralPolicy below = DeferralPolicy.builder().aboveChars(fullLength - 1).build();
    ToolSession session = new ToolSession();
    assertFalse(
        DeferredDefinitions.builder(registry)
            .policy(justAbove)
            .build()
            .listing(DefinitionFormat.OPENAI, session)
            .deferred());
    assertTrue(
        DeferredDefinitions.builder(registry)
            .policy(below)
            .build()
            .listing(DefinitionFormat.OPENAI, session)
            .deferred());
    assertFalse(DeferralPolicy.never().defers(10_000, Long.MAX_VALUE));
    assertFalse(DeferralPolicy.always().defers(0, 0));
    assertThrows(IllegalArgumentException.class, () -> DeferralPolicy.builder().aboveTools(-1));
  }

  @Test
  void policyDefersAboveTheListingsTokensCountedAtRunTime() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(tool("one", "core").description("The first tool.").build());
    registry.register(tool("two", "core").description("The second tool, a little longer.").build());
    long tokens = registry.listingCost(List.of("one", "two"), DefinitionFormat.OPENAI).tokens();
    assertTrue(tokens > 20, "counted: " + tokens);
    ToolSession session = new ToolSession();
    assertTrue(deferredAbove(registry, tokens - 1, session));
    assertFalse(deferredAbove(registry, tokens, session));
    assertThrows(IllegalArgumentException.class, () -> DeferralPolicy.builder().aboveTokens(-1));
  }

  private static boolean deferredAbove(ToolRegistry registry, long tokens, ToolSession s) {
    return DeferredDefinitions.builder(registry)
        .policy(DeferralPolicy.builder().aboveTokens(tokens).build())
        .build()
        .listing(DefinitionFormat.OPENAI, s)
        .deferred();
  }

  @Test
  void portableSearchRevealsToolsInTheNextListingAndUnfoundToolsStayCallable() throws Exception {
    ToolRegistry registry = registry();
    DeferredDefinitions deferred =
        DeferredDefinitions.builder(registry)
            .policy(DeferralPolicy.always().toBuilder().alwaysLoadToolsets("core").build())
            .build();
    ToolSession session = new ToolSession();
    assertEquals(
        List.of("now", "search_tools"),
        names(deferred.definitions(DefinitionFormat.GEMINI, session)));

    JsonNode answer =
        MAPPER.readTree(
            deferred.answer(
                DefinitionFormat.GEMINI,
                "",
                "{\"query\":\"weather forecast\",\"limit\":1}",
                session));
    assertEquals(1, answer.path("tools").size());
    JsonNode found = answer.path("tools").get(0);
    assertEquals("forecast", found.path("name").asText());
    assertEquals("Weather forecast.", found.path("description").asText());
    assertEquals("object", found.path("parameters").path("type").asText());
    assertEquals(List.of("forecast"), session.found());
    assertEquals(
        List.of("now", "forecast", "search_tools"),
        names(deferred.definitions(DefinitionFormat.GEMINI, session)));

    // Found or not, dispatch runs any registered, available tool: deferral only changes the view.
    assertEquals("send_email@mail", registry.dispatch("send_email", "{\"text\":\"hi\"}"));

    registry.deregister("forecast"); // a found tool that went away is no longer listed
    assertEquals(
        List.of("now", "search_tools"),
        names(deferred.definitions(DefinitionFormat.GEMINI, session)));
  }

  @Test
  void badSearchArgumentsGetOneLineAndNeverThrow() throws Exception {
    DeferredDefinitions deferred = DeferredDefinitions.builder(registry()).build();
    ToolSession session = new ToolSession();
    for (String bad : new String[] {null, "", "[1]", "{\"query\":3}", "{\"query\":\"\"}", "{\"q"}) {
      JsonNode answer = MAPPER.readTree(deferred.answer(DefinitionFormat.OPENAI, "", bad, session));
      String error = answer.path("error").asText();
      assertTrue(error.startsWith("the search"), bad + " -> " + answer);
      assertFalse(error.contains("\n"));
      JsonNode anthropic =
          MAPPER.readTree(deferred.answer(DefinitionFormat.ANTHROPIC, "toolu_1", bad, session));
      assertTrue(anthropic.path("is_error").asBoolean());
    }
    assertTrue(session.found().isEmpty());
    JsonNode none =
        MAPPER.readTree(
            deferred.answer(DefinitionFormat.OPENAI, "", "{\"query\":\"zzzz qqqq\"}", session));
    assertEquals(0, none.path("tools").size());
  }

  @Test
  void hostedSearchIsNotAnsweredByTheRegistry() {
    DeferredDefinitions hosted =
        DeferredDefinitions.builder(registry()).mode(ToolSearchMode.HOSTED).build();
    assertThrows(
        IllegalStateException.class,
        () ->
            hosted.answer(DefinitionFormat.ANTHROPIC, "t", "{\"query\":\"x\"}", new ToolSession()));
  }

  @Test
  void offeringFixedNamesListsAndSearchesOnlyThose() throws Exception {
    ToolRegistry registry = registry();
    DeferredDefinitions deferred =
        DeferredDefinitions.builder(registry).offering(List.of("get_weather", "now")).build();
    ToolSession session = new ToolSession();
    assertEquals(
        List.of("get_weather", "now"),
        deferred.listing(DefinitionFormat.MCP, session).deferredTools());
    JsonNode answer =
        MAPPER.readTree(
            deferred.answer(DefinitionFormat.MCP, "", "{\"query\":\"weather forecast\"}", session));
    assertEquals(1, answer.path("tools").size());
    assertEquals("get_weather", answer.path("tools").get(0).path("name").asText());
  }

  @Test
  void openAiResponsesNeverListsADeferredFunctionOutsideANamespace() throws Exception {
    ToolRegistry registry = registry();
    registry.register(tool("loose", "").description("A tool registered with no toolset.").build());
    DeferredListing listing =
        DeferredDefinitions.builder(registry)
            .build()
            .listing(DefinitionFormat.OPENAI_RESPONSES, new ToolSession());
    List<String> namespaces = new ArrayList<>();
    for (JsonNode item : MAPPER.readTree(listing.tools())) {
      assertFalse(item.path("defer_loading").asBoolean(), "deferred outside a namespace: " + item);
      if (item.path("type").asText().equals("namespace")) {
        namespaces.add(item.path("name").asText());
      }
    }
    assertEquals(List.of("core", "default", "mail", "weather"), namespaces);
    assertEquals(List.of("loose"), listing.namespaces().get(DeferredDefinitions.DEFAULT_NAMESPACE));
  }

  @Test
  void aToolsetDeferringTenToolsOrMoreIsCrowdedInEveryFormat() {
    ToolRegistry registry = registry();
    for (int i = 0; i < DefinitionFormat.NAMESPACE_FUNCTIONS_ADVISED_BELOW - 1; i++) {
      registry.register(tool("crm_" + i, "crm").build());
    }
    DeferralPolicy keepOneLoaded = DeferralPolicy.builder().alwaysLoad("crm_0").build();
    for (DefinitionFormat format : DefinitionFormat.values()) {
      DeferredDefinitions deferred = DeferredDefinitions.builder(registry).build();
      assertEquals(
          List.of(),
          List.copyOf(deferred.listing(format, new ToolSession()).crowdedNamespaces().keySet()));
      registry.register(tool("crm_9", "crm").build());
      DeferredListing crowded = deferred.listing(format, new ToolSession());
      assertEquals(
          List.of("crm"), List.copyOf(crowded.crowdedNamespaces().keySet()), format.name());
      assertEquals(10, crowded.crowdedNamespaces().get("crm").size());
      assertEquals(
          Map.of(),
          DeferredDefinitions.builder(registry)
              .policy(keepOneLoaded)
              .build()
              .listing(format, new ToolSession())
              .crowdedNamespaces());
      registry.deregister("crm_9");
    }
  }
}
