package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolSession;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What each session is listed with tool search. */
final class ServedToolSearchTest {

  private static final NavigableMap<String, ServedTool> SERVED = served("add", "greet", "wipe");

  @Test
  void aSessionIsListedWhatItFoundAndOthersAreNot() {
    ServedToolSearch search =
        new ServedToolSearch(Set.of("add", "not_served"), ToolRegistry.create());
    ToolSession a = new ToolSession();
    ToolSession b = new ToolSession();
    assertEquals(List.of("add", "search_tools"), names(search.listing(a, SERVED)));
    assertTrue(search.reveal(a, List.of("greet")), "new to the session: its listing changed");
    assertFalse(search.reveal(a, List.of("greet", "add")), "nothing new: no list_changed");
    assertEquals(List.of("add", "greet", "search_tools"), names(search.listing(a, SERVED)));
    assertEquals(List.of("greet"), a.found(), "the session the guards share holds what it found");
    assertEquals(List.of("add", "search_tools"), names(search.listing(b, SERVED)));
    assertEquals(List.of("add", "search_tools"), names(search.listing(null, SERVED)));
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
    ToolSession a = new ToolSession();
    assertEquals(List.of("add", "search_tools", "wipe"), names(search.listing(a, SERVED)));
    assertEquals(List.of("add", "search_tools", "wipe"), names(search.listing(null, SERVED)));
    assertFalse(search.reveal(a, List.of("wipe")), "already listed: nothing new");

    registry.register(registry.entry("wipe").orElseThrow().toBuilder().alwaysLoaded(false).build());
    assertEquals(List.of("add", "search_tools"), names(search.listing(new ToolSession(), SERVED)));
  }

  @Test
  void theSearchArgumentsAreCheckedInOneLine() {
    assertEquals(5, ServedToolSearch.Request.of(Map.of("query", "x")).limit());
    assertEquals(
        "search_tools needs a non-blank string 'query'",
        ServedToolSearch.Request.of(Map.of("query", " ")).problem());
    assertEquals(
        "search_tools 'limit' must be an integer from 1 to 50",
        ServedToolSearch.Request.of(Map.of("query", "x", "limit", 51)).problem());
    assertEquals(
        "search_tools 'limit' must be an integer from 1 to 50",
        ServedToolSearch.Request.of(Map.of("query", "x", "limit", 2.5)).problem());
  }

  private static NavigableMap<String, ServedTool> served(String... names) {
    NavigableMap<String, ServedTool> served = new TreeMap<>();
    for (String name : names) {
      served.put(
          name,
          ServedTool.of(
              name,
              null,
              "",
              new ServedTool.InputSchema(Map.of("type", "object")),
              null,
              null,
              false));
    }
    return served;
  }

  private static List<String> names(NavigableMap<String, ServedTool> listing) {
    return List.copyOf(listing.keySet());
  }
}
