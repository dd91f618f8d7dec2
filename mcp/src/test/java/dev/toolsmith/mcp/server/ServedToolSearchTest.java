package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What tool search lists, and how call_tool reads what it is given. */
final class ServedToolSearchTest {

  private static final NavigableMap<String, ServedTool> SERVED = served("add", "greet", "wipe");

  @Test
  void everyListingHoldsTheAlwaysLoadedToolsAndTheSearchsOwnTools() {
    ServedToolSearch search =
        new ServedToolSearch(Set.of("add", "not_served"), ToolRegistry.create());
    assertEquals(List.of("add", "call_tool", "search_tools"), names(search.listing(SERVED)));
  }

  @Test
  void aToolMarkedAlwaysLoadedIsInEveryListingUntilItsMarkIsDropped() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        ToolEntry.builder("wipe", "admin")
            .description("Wipes everything.")
            .schema("{\"type\":\"object\"}")
            .handler((ToolHandler.Sync) (arguments, context) -> "wiped")
            .alwaysLoaded(true)
            .build());
    ServedToolSearch search = new ServedToolSearch(Set.of("add"), registry);
    assertEquals(
        List.of("add", "call_tool", "search_tools", "wipe"), names(search.listing(SERVED)));
    registry.register(registry.entry("wipe").orElseThrow().toBuilder().alwaysLoaded(false).build());
    assertEquals(List.of("add", "call_tool", "search_tools"), names(search.listing(SERVED)));
  }

  @Test
  void callToolKeepsTheInnerArgumentsAsWrittenForTheRegistrysReader() {
    CallTool.Request request =
        CallTool.Request.read(
            "{\"arguments\":{\"a\":1.50,\"a\":2,\"big\":12345678901234567890},\"name\":\"add\"}");
    assertEquals("add", request.name());
    assertEquals("{\"a\":1.50,\"a\":2,\"big\":12345678901234567890}", request.arguments());
    assertNull(request.problem());
    assertEquals("{}", CallTool.Request.read("{\"name\":\"add\"}").arguments(), "none: {}");
    assertEquals(
        "[1]",
        CallTool.Request.read("{\"name\":\"add\",\"arguments\":[1]}").arguments(),
        "not an object: the registry's reader says so, as for a direct call");
  }

  @Test
  void callToolWithoutANameSaysWhatItNeeds() {
    assertEquals(CallTool.NO_NAME, CallTool.Request.read("{\"arguments\":{}}").problem());
    assertEquals(CallTool.NO_NAME, CallTool.Request.read("{\"name\":7}").problem());
    assertEquals(CallTool.NOT_AN_OBJECT, CallTool.Request.read("[]").problem());
    assertEquals(CallTool.NOT_AN_OBJECT, CallTool.Request.read("{\"name\":").problem());
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("name", "add");
    map.put("arguments", Map.of("a", 1));
    assertEquals("{\"a\":1}", CallTool.Request.read(map).arguments());
    assertEquals(CallTool.NO_NAME, CallTool.Request.read((Map<String, Object>) null).problem());
  }

  private static NavigableMap<String, ServedTool> served(String... names) {
    NavigableMap<String, ServedTool> served = new TreeMap<>();
    for (String name : names) {
      served.put(
          name, ServedTool.of(ToolDefinition.builder(name, "{\"type\":\"object\"}").build()));
    }
    return served;
  }

  private static List<String> names(NavigableMap<String, ServedTool> listing) {
    return List.copyOf(listing.keySet());
  }
}
