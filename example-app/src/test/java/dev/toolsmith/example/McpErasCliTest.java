package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.toolsmith.example.CliTest.Run;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code list --config} and {@code call --config} with MCP servers of both eras: TypeScript SDK v2
 * servers (mcp/src/test/node/era-server.mjs), modern-only and dual-era, over stdio and Streamable
 * HTTP, beside the legacy reference server; each loads and is called the same way.
 */
@Timeout(180)
final class McpErasCliTest {

  private static final Path NODE =
      Path.of("..", "mcp", "src", "test", "node").toAbsolutePath().normalize();
  private static final List<Process> HTTP_SERVERS = new ArrayList<>();
  private static final Map<String, String> SERVERS = new LinkedHashMap<>();

  @TempDir static Path temp;

  @BeforeAll
  static void servers() throws IOException {
    Path era = require(NODE.resolve("era-server.mjs"));
    require(NODE.resolve("node_modules/@modelcontextprotocol/server/package.json"));
    Path everything =
        require(NODE.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js"));
    SERVERS.put("modern", stdio(era, "stdio", "--modern-only"));
    SERVERS.put("dual", stdio(era, "stdio"));
    SERVERS.put("modern_http", "    url: http://127.0.0.1:" + http(era, "--modern-only") + "/mcp");
    SERVERS.put("dual_http", "    url: http://127.0.0.1:" + http(era) + "/mcp");
    SERVERS.put("legacy", stdio(everything, "stdio"));
  }

  @AfterAll
  static void stop() {
    for (Process server : HTTP_SERVERS) {
      server.descendants().forEach(ProcessHandle::destroyForcibly);
      server.destroyForcibly();
    }
  }

  private static Path require(Path path) {
    if (!Files.exists(path)) {
      fail(path + " is missing: run mcp/src/test/node/install.sh (what .ci/run does) first");
    }
    return path;
  }

  private static String stdio(Path script, String... args) {
    StringBuilder list = new StringBuilder("[\"" + script + "\"");
    for (String arg : args) {
      list.append(", \"").append(arg).append('"');
    }
    return "    command: node\n    args: " + list + "]";
  }

  /** Starts an HTTP era server and returns the port it prints. */
  private static int http(Path script, String... flags) throws IOException {
    List<String> command = new ArrayList<>(List.of("node", script.toString(), "http"));
    command.addAll(List.of(flags));
    Process server =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    HTTP_SERVERS.add(server);
    String first =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    Matcher port = Pattern.compile("\\{\"port\":(\\d+)}").matcher(String.valueOf(first));
    if (!port.matches()) {
      fail("the HTTP server did not say its port: " + first);
    }
    return Integer.parseInt(port.group(1));
  }

  private static Path config(String name, List<String> servers) throws IOException {
    StringBuilder yaml = new StringBuilder("mcp_servers:\n");
    for (String server : servers) {
      yaml.append("  ").append(server).append(":\n").append(SERVERS.get(server)).append('\n');
      yaml.append("    connect_timeout: 60\n");
    }
    return Files.writeString(temp.resolve(name + ".yaml"), yaml.toString());
  }

  @Test
  void listShowsTheToolsOfServersOfEitherEra() throws IOException {
    Run run =
        CliTest.run("list", "--config", config("all", List.copyOf(SERVERS.keySet())).toString());
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().toList();
    for (String server : SERVERS.keySet()) {
      String tool = "mcp__" + server + "__echo ";
      assertTrue(
          lines.stream()
              .anyMatch(
                  line ->
                      line.startsWith(tool)
                          && line.contains("mcp-" + server)
                          && line.endsWith("available  [source mcp_servers." + server + "]")),
          () -> tool + "is not listed: " + run.out());
      assertTrue(
          lines.stream()
              .anyMatch(line -> line.startsWith("  source mcp_servers." + server + ": loaded ")),
          () -> server + " did not load: " + run.out());
    }
    assertTrue(lines.stream().anyMatch(line -> line.startsWith("mcp__modern__add ")), run.out());
  }

  @Test
  void callReachesAServerOfEitherEra() throws IOException {
    for (String server : SERVERS.keySet()) {
      Run run =
          CliTest.run(
              "call",
              "--config",
              config(server, List.of(server)).toString(),
              "mcp__" + server + "__echo",
              "{\"message\":\"héllo\"}");
      assertEquals(new Run(0, "{\"result\":\"Echo: héllo\"}\n", ""), run, server);
    }
    Run structured =
        CliTest.run(
            "call",
            "--config",
            config("add", List.of("dual_http")).toString(),
            "mcp__dual_http__add",
            "{\"a\":2,\"b\":3}");
    assertEquals(
        new Run(0, "{\"result\":\"5\",\"structuredContent\":{\"sum\":5}}\n", ""), structured);
  }
}
