package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
   * With sessions: a search reveals the tool found, {@code tools/list_changed} comes, and the next
   * listing holds it; a tool not yet found can be called all the same.
   */
  public static void checkWithSessions(McpClientTransport transport) throws Exception {
    LinkedBlockingQueue<List<String>> changes = new LinkedBlockingQueue<>();
    try (McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(20))
            .toolsChangeConsumer(tools -> changes.add(names(tools)))
            .build()) {
      client.initialize();
      assertEquals(List.of("add", "search_tools"), listed(client), "always loaded, and the search");
      assertEquals(
          "{\"greeting\":\"Hallå, Ada!\"}",
          text(client.callTool(call("greet", Map.of("name", "Ada")))),
          "a tool not yet found can be called");
      assertEquals(List.of("add", "search_tools"), listed(client), "calling reveals nothing");

      JsonNode found = search(client, "greet someone");
      assertEquals("greet", found.path(0).path("name").asText(), found.toString());
      List<String> told = changes.poll(10, TimeUnit.SECONDS);
      assertNotNull(told, "no tools/list_changed after a search found a new tool");
      assertEquals(List.of("add", "greet", "search_tools"), told);
      assertEquals(List.of("add", "greet", "search_tools"), listed(client));
      assertEquals(
          "{\"greeting\":\"Hallå, Bo!\"}",
          text(client.callTool(call("greet", Map.of("name", "Bo")))));

      McpSchema.CallToolResult bad = client.callTool(call("search_tools", Map.of("limit", 3)));
      assertTrue(Boolean.TRUE.equals(bad.isError()), text(bad));
      assertTrue(text(bad).contains("'query'"), text(bad));
    }
  }

  /**
   * Without sessions: the search answers with the definitions in full and reveals nothing (the
   * listing stays), and the tool found can be called from its definition.
   */
  public static void checkStateless(McpClientTransport transport) throws Exception {
    try (McpSyncClient client =
        McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20)).build()) {
      client.initialize();
      assertEquals(List.of("add", "search_tools"), listed(client));
      JsonNode found = search(client, "greet someone");
      assertEquals("greet", found.path(0).path("name").asText(), found.toString());
      assertEquals(
          "string",
          found.path(0).path("inputSchema").path("properties").path("name").path("type").asText(),
          "the definition comes in full, to call it from");
      assertEquals(List.of("add", "search_tools"), listed(client), "no session to reveal it to");
      assertEquals(
          "{\"greeting\":\"Hallå, Ada!\"}",
          text(client.callTool(call("greet", Map.of("name", "Ada")))));
    }
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
