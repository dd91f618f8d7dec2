package dev.toolsmith.mcp.server;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tool search served on stdio to a real client of each era: the TypeScript SDK v2 pinned to
 * 2026-07-28 and the legacy v1 SDK (see {@link ToolSearchClients}).
 */
@Timeout(180)
final class ToolSearchErasStdioTest {

  @ParameterizedTest
  @ValueSource(strings = {"modern", "legacy"})
  void theListingStaysFixedAndCallToolAnswersAsADirectCall(String client) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ToolSearchClients.check(
        client,
        List.of(
            "stdio",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ServeToolSearchFixture.class.getName()));
  }
}
