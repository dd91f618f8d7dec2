package dev.toolsmith.mcp.server;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The registry served on stdio, checked by a real client: the TypeScript SDK's. */
@Timeout(180)
final class StdioServingTest {

  @Test
  void aTypeScriptClientListsCallsAndSeesChangesOverStdio() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    TypeScriptSession.check(
        List.of(
            "stdio",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ServeFixture.class.getName()));
  }
}
