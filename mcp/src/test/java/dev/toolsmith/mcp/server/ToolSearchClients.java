package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A session of toolsearch.mjs, a real client of one era (the TypeScript SDK v2 pinned to
 * 2026-07-28, or the legacy v1 SDK), with {@link Fixture#registry()} served with tool search
 * ({@code add} always loaded): the listing is the same before and after a search, no change is
 * announced, the search finds {@code greet} in full, and {@code call_tool} answers exactly as a
 * direct call does, the registry's own texts included; shared with toolsmith-mcp-http's tests.
 */
public final class ToolSearchClients {

  /** The clients toolsearch.mjs can be. */
  public static final List<String> CLIENTS = List.of("modern", "legacy");

  private ToolSearchClients() {}

  /**
   * Runs toolsearch.mjs as {@code client} with {@code args} ({@code stdio COMMAND ARGS...} or
   * {@code http URL}) and checks every step.
   */
  public static void check(String client, List<String> args) throws Exception {
    List<String> all = new ArrayList<>(List.of(client));
    all.addAll(args);
    Map<String, JsonNode> steps = TypeScriptSession.run("toolsearch.mjs", all);
    String listing = steps.get("list").path("listing").asText();
    JsonNode tools = McpJson.MAPPER.readTree(listing).path("tools");
    assertEquals(3, tools.size(), listing);
    assertEquals("add", tools.path(0).path("name").asText(), listing);
    assertEquals("call_tool", tools.path(1).path("name").asText(), listing);
    assertEquals("search_tools", tools.path(2).path("name").asText(), listing);
    JsonNode relist = steps.get("relist");
    assertEquals(listing, relist.path("listing").asText(), "the listing after the search");
    assertEquals(0, relist.path("changes").asInt(), "tools/list_changed heard: " + relist);

    JsonNode search = steps.get("search").path("result");
    assertFalse(search.path("isError").asBoolean(), search.toString());
    JsonNode found = McpJson.MAPPER.readTree(search.at("/content/0/text").asText()).path("tools");
    assertEquals("greet", found.path(0).path("name").asText(), found.toString());
    assertEquals("Greets someone.", found.path(0).path("description").asText());
    assertEquals("string", found.path(0).at("/inputSchema/properties/name/type").asText());

    // call_tool answers as the direct call does, whole results compared.
    assertEquals(steps.get("direct").get("result"), steps.get("callTool").get("result"));
    assertTrue(steps.get("direct").at("/result/content/0/text").asText().contains("Hallå, Ada!"));
    assertEquals(steps.get("directBad").get("result"), steps.get("callToolBad").get("result"));
    ToolRegistry registry = Fixture.registry(); // the oracle: what the registry itself answers
    JsonNode bad = steps.get("callToolBad").get("result");
    assertTrue(bad.path("isError").asBoolean(), bad.toString());
    assertEquals(registry.dispatch("add", "{\"a\":\"two\"}"), bad.at("/content/0/text").asText());

    // A name nobody serves: a direct call is the JSON-RPC error, call_tool an error result; both
    // carry the registry's text.
    String unknownText = registry.dispatch("get_weather", "{\"city\":\"Oslo\"}");
    JsonNode directUnknown = steps.get("directUnknown").path("error");
    assertEquals(-32602, directUnknown.path("code").asInt(), directUnknown.toString());
    assertTrue(
        directUnknown
            .path("message")
            .asText()
            .endsWith(McpJson.MAPPER.readTree(unknownText).path("error").asText()),
        directUnknown.toString());
    JsonNode callToolUnknown = steps.get("callToolUnknown").path("result");
    assertTrue(callToolUnknown.path("isError").asBoolean(), callToolUnknown.toString());
    assertEquals(unknownText, callToolUnknown.at("/content/0/text").asText());
  }
}
