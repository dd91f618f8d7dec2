package dev.toolsmith.mcp.server;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Pagination, progress and cancellation over stdio, with the TypeScript SDK's client: 10,009 tools
 * come in pages of 100, progress reaches the client, and a cancelled call stops and is not
 * answered.
 */
@Timeout(180)
final class ProtocolServingTest {

  @Test
  void aTypeScriptClientPagesReceivesProgressAndCancelsOverStdio() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProtocolChecks.check(
        10_005,
        McpRegistryServer.DEFAULT_PAGE_SIZE,
        List.of(
            "stdio",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ProtocolFixture.class.getName(),
            "10005"));
  }
}
