package dev.toolsmith.mcp.server;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every protocol version the TypeScript and Python SDK clients can ask for, over stdio. */
@Timeout(300)
final class ProtocolVersionsTest {

  private static List<String> stdioServer() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return List.of(
        "stdio",
        java,
        "-cp",
        System.getProperty("java.class.path"),
        ProtocolFixture.class.getName(),
        String.valueOf(ProtocolVersionChecks.FILLERS));
  }

  @Test
  void theTypeScriptClientAtEachVersion() throws Exception {
    ProtocolVersionChecks.typeScript(ProtocolVersionChecks.STDIO, stdioServer());
  }

  @Test
  void thePythonClientAtEachVersion() throws Exception {
    ProtocolVersionChecks.python(ProtocolVersionChecks.STDIO, stdioServer(), true);
  }
}
