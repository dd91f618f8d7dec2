package dev.toolsmith.runtime.deferral;

import static dev.toolsmith.runtime.Fixtures.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool whose entry is marked {@link ToolEntry#alwaysLoaded()} ({@code @Tool(deferred = false)})
 * is listed in full in every deferred form, as if the policy named it, while the others wait.
 */
class AlwaysLoadedEntryTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** "now" is marked; no policy names anything. */
  private static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(tool("get_weather", "weather").description("Current weather.").build());
    registry.register(tool("send_email", "mail").description("Send an email.").build());
    registry.register(
        tool("now", "core").description("The current time.").alwaysLoaded(true).build());
    return registry;
  }

  private static DeferredListing listing(ToolRegistry registry, DefinitionFormat format) {
    return DeferredDefinitions.builder(registry)
        .policy(DeferralPolicy.always())
        .build()
        .listing(format, new ToolSession());
  }

  /** A top-level function definition's name, in the flat and the Chat Completions shapes. */
  private static String name(JsonNode tool) {
    JsonNode function = tool.path("function");
    return (function.isMissingNode() ? tool : function).path("name").asText();
  }

  @Test
  void openAiResponsesListsTheMarkedToolInFullAndNamespacesTheRest() throws Exception {
    for (DefinitionFormat format :
        List.of(DefinitionFormat.OPENAI_RESPONSES, DefinitionFormat.OPENAI_RESPONSES_STRICT)) {
      DeferredListing listing = listing(registry(), format);
      assertTrue(listing.deferred());
      assertEquals(List.of("now"), listing.loaded());
      assertEquals(List.of("get_weather", "send_email"), listing.deferredTools());

      JsonNode tools = MAPPER.readTree(listing.tools());
      JsonNode first = tools.get(0);
      assertEquals("now", name(first));
      assertFalse(first.has("defer_loading"), format + ": " + first);
      List<String> namespaced = new ArrayList<>();
      for (JsonNode tool : tools) {
        if (tool.path("type").asText().equals("namespace")) {
          for (JsonNode function : tool.path("tools")) {
            assertTrue(function.path("defer_loading").asBoolean(), format + ": " + function);
            namespaced.add(function.path("name").asText());
          }
        }
      }
      assertEquals(List.of("send_email", "get_weather"), namespaced); // by toolset: mail, weather
      assertEquals("tool_search", tools.get(tools.size() - 1).path("type").asText());
    }
  }

  @Test
  void anthropicSendsTheMarkedToolWithoutDeferLoading() throws Exception {
    DeferredListing listing = listing(registry(), DefinitionFormat.ANTHROPIC);
    assertEquals(List.of("now"), listing.loaded());

    JsonNode tools = MAPPER.readTree(listing.tools());
    assertEquals(List.of("now", "get_weather", "send_email", "search_tools"), names(tools));
    assertFalse(tools.get(0).has("defer_loading"));
    assertTrue(tools.get(1).path("defer_loading").asBoolean());
    assertTrue(tools.get(2).path("defer_loading").asBoolean());
  }

  @Test
  void portableFormsListOnlyTheMarkedToolAndTheSearch() throws Exception {
    for (DefinitionFormat format :
        List.of(DefinitionFormat.OPENAI, DefinitionFormat.GEMINI, DefinitionFormat.MCP)) {
      DeferredListing listing = listing(registry(), format);
      assertEquals(List.of("now"), listing.loaded(), format.name());
      assertEquals(List.of("get_weather", "send_email"), listing.deferredTools(), format.name());
      assertEquals(
          List.of("now", "search_tools"), names(MAPPER.readTree(listing.tools())), format.name());
    }
  }

  @Test
  void toBuilderKeepsTheMarkAndAnUnmarkedCopyIsDeferredAgain() {
    ToolRegistry registry = registry();
    ToolEntry now = registry.entry("now").orElseThrow();
    assertTrue(now.toBuilder().build().alwaysLoaded());
    assertFalse(registry.entry("get_weather").orElseThrow().alwaysLoaded());

    registry.register(now.toBuilder().description("The time now.").build());
    assertEquals(List.of("now"), listing(registry, DefinitionFormat.OPENAI).loaded());

    registry.register(now.toBuilder().alwaysLoaded(false).build());
    assertEquals(List.of(), listing(registry, DefinitionFormat.OPENAI).loaded());
  }

  private static List<String> names(JsonNode tools) {
    List<String> names = new ArrayList<>();
    tools.forEach(tool -> names.add(name(tool)));
    return names;
  }
}
