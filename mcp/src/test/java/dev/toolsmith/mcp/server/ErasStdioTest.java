package dev.toolsmith.mcp.server;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The registry served on stdio to a client of each era: the TypeScript SDK v2 pinned to 2026-07-28,
 * v2 probing the era with {@code server/discover}, and the legacy v1 SDK. One process serves them
 * all: the era is picked per message.
 */
@Timeout(180)
final class ErasStdioTest {

  @ParameterizedTest
  @ValueSource(strings = {"2026-07-28", "auto", "legacy"})
  void fastMcpsClientInEachModeListsAndCallsOverStdio(String mode) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ErasSession.checkFastMcp(
        mode,
        List.of(
            "stdio",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ServeFixture.class.getName()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "dual", "legacy"})
  void aClientOfEachEraListsCallsAndHearsOfChangesOverStdio(String client) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ErasSession.check(
        client,
        List.of(
            "stdio",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ServeFixture.class.getName()));
  }
}
