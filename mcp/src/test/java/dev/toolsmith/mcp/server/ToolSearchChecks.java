package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A session of the MCP Java SDK's client with a server serving {@link Fixture#registry()} with tool
 * search ({@code add} always loaded): what it lists, finds, is told and can call.
 */
public final class ToolSearchChecks {

  private ToolSearchChecks() {}

  /**
   * The listing is the always-loaded tool and the search's two, the same before and after a search
   * (compared in full) and no {@code tools/list_changed} comes of it; the search answers with the
   * definitions in full; a tool found is called by {@code call_tool} with the answer a direct call
   * gives, and a tool not found can be called directly all the same.
   */
  public static void check(McpClientTransport transport) throws Exception {
    LinkedBlockingQueue<List<String>> changes = new LinkedBlockingQueue<>();
    try (McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(20))
            .toolsChangeConsumer(tools -> changes.add(names(tools)))
            .build()) {
      client.initialize();
      McpSchema.ListToolsResult before = client.listTools();
      assertEquals(
          List.of("add", "call_tool", "search_tools"),
          names(before.tools()),
          "always loaded, and the search's own");
      assertEquals(
          "{\"greeting\":\"Hallå, Ada!\"}",
          text(client.callTool(call("greet", Map.of("name", "Ada")))),
          "a tool not found can be called directly");

      JsonNode found = search(client, "greet someone");
      assertEquals("greet", found.path(0).path("name").asText(), found.toString());
      assertEquals(
          "string",
          found.path(0).path("inputSchema").path("properties").path("name").path("type").asText(),
          "the definition comes in full, to call it from");
      assertEquals(before, client.listTools(), "a search changes no listing");
      assertEquals(List.of(), drain(changes), "and sends no tools/list_changed");

      McpSchema.CallToolResult viaCallTool =
          client.callTool(
              call("call_tool", Map.of("name", "greet", "arguments", Map.of("name", "Bo"))));
      assertEquals(
          client.callTool(call("greet", Map.of("name", "Bo"))),
          viaCallTool,
          "call_tool answers as a direct call does");
      McpSchema.CallToolResult bad =
          client.callTool(call("call_tool", Map.of("name", "add", "arguments", Map.of("a", 1))));
      assertEquals(client.callTool(call("add", Map.of("a", 1))), bad, "the same validation");
      assertTrue(Boolean.TRUE.equals(bad.isError()), text(bad));

      McpSchema.CallToolResult noQuery = client.callTool(call("search_tools", Map.of("limit", 3)));
      assertTrue(Boolean.TRUE.equals(noQuery.isError()), text(noQuery));
      String problem = McpJson.MAPPER.readTree(text(noQuery)).path("error").asText();
      assertTrue(problem.contains("\"query\""), text(noQuery));
      assertEquals(before, client.listTools(), "nothing changed the listing");
    }
  }

  /** What came in half a second: a search that sent list_changed sends it at once. */
  private static List<List<String>> drain(LinkedBlockingQueue<List<String>> changes)
      throws InterruptedException {
    List<String> first = changes.poll(500, TimeUnit.MILLISECONDS);
    return first == null ? List.of() : List.of(first);
  }

  /** The tools a search for {@code query} found, at most one, as the result lists them. */
  private static JsonNode search(McpSyncClient client, String query) throws Exception {
    McpSchema.CallToolResult result =
        client.callTool(call("search_tools", Map.of("query", query, "limit", 1)));
    assertFalse(Boolean.TRUE.equals(result.isError()), text(result));
    JsonNode tools = McpJson.MAPPER.readTree(text(result)).path("tools");
    assertEquals(1, tools.size(), text(result));
    return tools;
  }

  private static McpSchema.CallToolRequest call(String name, Map<String, Object> arguments) {
    return new McpSchema.CallToolRequest(name, arguments);
  }

  private static List<String> listed(McpSyncClient client) {
    return names(client.listTools().tools());
  }

  private static List<String> names(List<McpSchema.Tool> tools) {
    return tools.stream().map(McpSchema.Tool::name).sorted().toList();
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }
}
