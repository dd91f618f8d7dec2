package dev.toolsmith.mcp.server;

import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Tool search served on stdio, checked by the MCP Java SDK's client in a child process. */
@Timeout(120)
final class ToolSearchServingTest {

  @Test
  void overStdioTheListingStaysFixedAndCallToolCallsWhatWasFound() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ToolSearchChecks.check(
        new StdioClientTransport(
            ServerParameters.builder(java)
                .args(
                    "-cp",
                    System.getProperty("java.class.path"),
                    ServeToolSearchFixture.class.getName())
                .build(),
            McpJson.SDK));
  }
}
