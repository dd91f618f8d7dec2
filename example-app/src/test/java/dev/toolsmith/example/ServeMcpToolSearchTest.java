package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code serve-mcp --tool-search --always-loaded calculate} on stdio, driven by the MCP Java SDK's
 * client: a fixed listing, a search that changes nothing in it, and the tool found called through
 * {@code call_tool}, structured content and all.
 */
@Timeout(120)
final class ServeMcpToolSearchTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aSearchFindsTheToolAndCallToolCallsItWhileTheListingStays() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(java)
                .args(
                    "-cp",
                    System.getProperty("java.class.path"),
                    Toolsmith.class.getName(),
                    "serve-mcp",
                    "--tool-search",
                    "--always-loaded",
                    "calculate")
                .build(),
            McpJsonDefaults.getMapper());
    LinkedBlockingQueue<List<String>> changes = new LinkedBlockingQueue<>();
    try (McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(30))
            .initializationTimeout(Duration.ofSeconds(60))
            .toolsChangeConsumer(tools -> changes.add(names(tools)))
            .build()) {
      client.initialize();
      McpSchema.ListToolsResult listing = client.listTools();
      assertEquals(List.of("calculate", "call_tool", "search_tools"), names(listing.tools()));

      McpSchema.CallToolResult searched =
          client.callTool(
              new McpSchema.CallToolRequest(
                  "search_tools",
                  Map.of("query", "current date and time in a time zone", "limit", 1)));
      assertFalse(Boolean.TRUE.equals(searched.isError()), text(searched));
      JsonNode found = JSON.readTree(text(searched)).path("tools");
      assertEquals(1, found.size(), text(searched));
      assertEquals("now", found.path(0).path("name").asText(), text(searched));
      assertEquals("object", found.path(0).at("/outputSchema/type").asText(), text(searched));

      assertNull(changes.poll(1, TimeUnit.SECONDS), "a search sends no tools/list_changed");
      assertEquals(listing, client.listTools(), "a search changes no listing");

      McpSchema.CallToolResult now =
          client.callTool(
              new McpSchema.CallToolRequest(
                  "call_tool", Map.of("name", "now", "arguments", Map.of("zone", "Asia/Tokyo"))));
      assertFalse(Boolean.TRUE.equals(now.isError()), text(now));
      assertTrue(text(now).contains("Asia/Tokyo"), text(now));
      assertEquals(
          JSON.readTree(text(now)),
          JSON.valueToTree(now.structuredContent()),
          "the structured content a direct call has");
      Map<String, Object> sum = Map.of("expression", "6 * 7");
      assertEquals(
          client.callTool(new McpSchema.CallToolRequest("calculate", sum)),
          client.callTool(
              new McpSchema.CallToolRequest(
                  "call_tool", Map.of("name", "calculate", "arguments", sum))));
    }
  }

  private static List<String> names(List<McpSchema.Tool> tools) {
    return tools.stream().map(McpSchema.Tool::name).sorted().toList();
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }
}
