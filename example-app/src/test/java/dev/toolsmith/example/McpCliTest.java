package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.toolsmith.example.CliTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --config} with MCP servers: the reference server from npm (installed by
 * mcp/src/test/node/install.sh) started over stdio, its tools listed and called; a broken server
 * next to it reported while everything else still loads.
 */
@Timeout(120)
final class McpCliTest {

  @TempDir Path temp;

  private static Path everythingServer() {
    Path script =
        Path.of(
                "..",
                "mcp",
                "src",
                "test",
                "node",
                "node_modules",
                "@modelcontextprotocol",
                "server-everything",
                "dist",
                "index.js")
            .toAbsolutePath()
            .normalize();
    if (!Files.exists(script)) {
      fail(script + " is missing: run mcp/src/test/node/install.sh (what .ci/run does) first");
    }
    return script;
  }

  private Path config() throws IOException {
    return Files.writeString(
        temp.resolve("toolsmith.yaml"),
        String.join(
            "\n",
            "mcp_servers:",
            "  everything:",
            "    command: node",
            "    args: [\"" + everythingServer() + "\", stdio]",
            "    timeout: 30",
            "  broken:",
            "    command: " + temp.resolve("no-such-server"),
            ""));
  }

  @Test
  void listShowsTheServersToolsAndWhatFailed() throws IOException {
    Run run = CliTest.run("list", "--config", config().toString());
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().toList();
    assertTrue(
        lines.stream()
            .anyMatch(
                line ->
                    line.startsWith("mcp__everything__echo ")
                        && line.contains("mcp-everything")
                        && line.endsWith("available  [source mcp_servers.everything]")),
        run.out());
    assertTrue(
        lines.stream()
            .anyMatch(line -> line.startsWith("  source mcp_servers.everything: loaded ")),
        run.out());
    assertTrue(
        lines.stream()
            .anyMatch(
                line -> line.startsWith("  source mcp_servers.broken: FAILED: could not start ")),
        run.out());
    assertTrue(
        lines.stream().anyMatch(line -> line.startsWith("calculate ")),
        "the app's own tools still load");
  }

  @Test
  void callReachesTheServerAndKeepsNonAsciiText() throws IOException {
    Run run =
        CliTest.run(
            "call",
            "--config",
            config().toString(),
            "mcp__everything__echo",
            "{\"message\":\"héllo\"}");
    assertEquals(new Run(0, "{\"result\":\"Echo: héllo\"}\n", ""), run);
  }
}
