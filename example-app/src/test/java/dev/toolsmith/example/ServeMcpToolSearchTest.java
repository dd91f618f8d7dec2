package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
 * client: a short listing, a search, {@code tools/list_changed}, the tool found listed and called.
 */
@Timeout(120)
final class ServeMcpToolSearchTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aSearchRevealsTheToolFoundAndItCanBeCalled() throws Exception {
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
      assertEquals(List.of("calculate", "search_tools"), names(client.listTools().tools()));

      McpSchema.CallToolResult searched =
          client.callTool(
              new McpSchema.CallToolRequest(
                  "search_tools",
                  Map.of("query", "current date and time in a time zone", "limit", 1)));
      assertFalse(Boolean.TRUE.equals(searched.isError()), text(searched));
      JsonNode found = JSON.readTree(text(searched)).path("tools");
      assertEquals(1, found.size(), text(searched));
      String name = found.path(0).path("name").asText();
      assertEquals("now", name, text(searched));

      List<String> told = changes.poll(20, TimeUnit.SECONDS);
      assertNotNull(told, "no tools/list_changed after the search");
      assertEquals(List.of("calculate", "now", "search_tools"), told);
      assertEquals(told, names(client.listTools().tools()));
      McpSchema.CallToolResult now =
          client.callTool(new McpSchema.CallToolRequest("now", Map.of("zone", "Asia/Tokyo")));
      assertFalse(Boolean.TRUE.equals(now.isError()), text(now));
      assertTrue(text(now).contains("Asia/Tokyo"), text(now));
    }
  }

  private static List<String> names(List<McpSchema.Tool> tools) {
    return tools.stream().map(McpSchema.Tool::name).sorted().toList();
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }
}
