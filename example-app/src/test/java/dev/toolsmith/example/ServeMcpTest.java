package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.client.McpClients;
import dev.toolsmith.mcp.client.McpServerConfig;
import dev.toolsmith.mcp.http.McpHttpServer;
import dev.toolsmith.runtime.ToolRegistry;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve-mcp --http}: the app's compiled tools, called by an MCP client over loopback. */
@Timeout(60)
final class ServeMcpTest {

  @TempDir Path temp;

  @Test
  void anMcpClientListsAndCallsTheAppsTools() throws Exception {
    Workspace workspace = Workspace.of(temp);
    ToolRegistry registry = Toolsmith.registry(workspace);
    try (McpHttpServer server =
            ServeMcpCommand.start(registry, workspace, new InetSocketAddress("127.0.0.1", 0));
        McpClients clients =
            McpClients.builder()
                .servers(
                    List.of(
                        McpServerConfig.http("app", server.endpoint().toString()).toBuilder()
                            .timeout(Duration.ofSeconds(10))
                            .connectTimeout(Duration.ofSeconds(10))
                            .build()))
                .build()) {
      ToolRegistry client = ToolRegistry.create();
      clients.connect(client);
      assertTrue(client.toolNames().contains("mcp__app__calculate"), client.toolNames().toString());
      // The text, and the same value as structured content (calculate returns a record).
      assertEquals(
          "{\"result\":\"{\\\"expression\\\":\\\"2^10 - 24\\\",\\\"value\\\":1000.0}\","
              + "\"structuredContent\":{\"expression\":\"2^10 - 24\",\"value\":1000.0}}",
          client.dispatch("mcp__app__calculate", "{\"expression\":\"2^10 - 24\"}"));
      String bad = client.dispatch("mcp__app__calculate", "{}");
      assertTrue(
          bad.startsWith("{\"error\":\"{\\\"error\\\":\\\"Invalid arguments for tool calculate"),
          bad);
    }
  }
}
