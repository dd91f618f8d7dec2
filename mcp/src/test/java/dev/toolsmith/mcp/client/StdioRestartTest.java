package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A stdio server that dies is restarted with backoff and its tools come back. */
@Timeout(120)
final class StdioRestartTest {

  @Test
  void aKilledServerIsRestartedAndItsToolsComeBack() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    List<String> command = Peers.everythingServer();
    McpServerConfig config =
        McpServerConfig.stdio("everything", command.get(0), command.subList(1, command.size()))
            .toBuilder()
            .timeout(Duration.ofSeconds(30))
            .connectTimeout(Duration.ofSeconds(60))
            .build();
    try (McpClients clients =
        McpClients.builder()
            .servers(List.of(config))
            .restartBackoff(Duration.ofMillis(200), Duration.ofSeconds(2))
            .build()
            .connect(registry)) {
      ServerConnection connection = clients.connection("everything");
      Process first = connection.process();
      // A call in flight when the process dies fails at once, not at its timeout.
      CompletableFuture<String> inFlight =
          CompletableFuture.supplyAsync(
              () ->
                  registry.dispatch(
                      "mcp__everything__trigger_long_running_operation",
                      "{\"duration\":20,\"steps\":2}"));
      Thread.sleep(500); // let the call reach the server; the assertions below hold either way
      first.destroyForcibly();
      String failed = inFlight.get(25, TimeUnit.SECONDS);
      assertTrue(failed.startsWith("{\"error\":\"MCP "), failed);
      assertTrue(failed.contains("'everything'"), failed);

      assertTrue(
          Peers.await(
              () -> connection.reconnects() == 1 && connection.isConnected(),
              Duration.ofSeconds(60)),
          "not restarted");
      assertNotEquals(first.pid(), connection.process().pid());
      assertTrue(
          registry
              .availability()
              .toolset("mcp-everything")
              .map(Availability::available)
              .orElse(false));
      String echoed = registry.dispatch("mcp__everything__echo", "{\"message\":\"wieder da\"}");
      assertTrue(echoed.contains("wieder da"), echoed);
    }
    assertFalse(
        registry
            .availability()
            .toolset("mcp-everything")
            .map(Availability::available)
            .orElse(false),
        "closed clients still report connected");
    // A closed server's tools are not offered, so not callable either.
    assertEquals(
        "{\"error\":\"Tool mcp__everything__echo is unavailable: check returned false"
            + " (MCP server 'everything' is closed)\"}",
        registry.dispatch("mcp__everything__echo", "{\"message\":\"x\"}"));
  }

  @Test
  void aServerThatClosesItsInputBeforeExitingFailsWithItsExitCodeNotABrokenPipe() {
    // The initialize request meets a closed pipe while the process still runs for a moment.
    McpServerConfig config =
        McpServerConfig.stdio(
            "closing",
            "sh",
            List.of("-c", "exec 0<&-; echo 'no input today' >&2; sleep 0.5; exit 4"));
    try (McpClients clients =
        McpClients.builder().servers(List.of(config)).build().connect(ToolRegistry.create())) {
      ServerStatus status = clients.servers().get(0);
      assertEquals(ServerStatus.State.FAILED, status.state());
      assertTrue(status.detail().contains("exited with code 4"), status.detail());
      assertTrue(status.detail().contains("no input today"), status.detail());
    }
  }

  @Test
  void aServerThatExitsWhileConnectingFailsAtOnceWithItsExitCodeAndStderr() {
    ToolRegistry registry = ToolRegistry.create();
    StringBuilder script = new StringBuilder();
    for (int i = 1; i <= 30; i++) {
      script.append("echo line").append(i).append(" >&2; ");
    }
    script.append("echo 'config file missing' >&2; exit 3");
    McpServerConfig config =
        McpServerConfig.stdio("broken", "sh", List.of("-c", script.toString())).toBuilder()
            .connectTimeout(Duration.ofSeconds(60))
            .build();
    long start = System.nanoTime();
    try (McpClients clients =
        McpClients.builder().servers(List.of(config)).build().connect(registry)) {
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      ServerStatus status = clients.servers().get(0);
      assertEquals(ServerStatus.State.FAILED, status.state());
      assertTrue(status.detail().contains("exited with code 3"), status.detail());
      assertTrue(status.detail().contains("config file missing"), status.detail());
      assertTrue(status.detail().contains("line30"), status.detail());
      assertFalse(
          status.detail().contains("line1 "), "only the last stderr lines: " + status.detail());
      assertTrue(
          elapsed.compareTo(Duration.ofSeconds(60)) < 0,
          "waited out the connect timeout: " + elapsed);
    }
  }

  @Test
  void closingAServerEndsItsWholeProcessTree(@TempDir Path dir) throws Exception {
    Path pidFile = dir.resolve("grandchild.pid");
    // Never answers initialize; it and its child ignore SIGTERM, as a stuck server may.
    String script =
        "(trap '' TERM; exec sleep 1000) & echo $! > '" + pidFile + "'; trap '' TERM; sleep 1000";
    McpServerConfig config =
        McpServerConfig.stdio("stuck", "sh", List.of("-c", script)).toBuilder()
            .connectTimeout(Duration.ofSeconds(1))
            .build();
    try (McpClients clients =
        McpClients.builder().servers(List.of(config)).build().connect(ToolRegistry.create())) {
      assertEquals(ServerStatus.State.FAILED, clients.servers().get(0).state());
    }
    assertTrue(
        Peers.await(() -> Files.exists(pidFile), Duration.ofSeconds(10)), "the script never ran");
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    assertTrue(
        Peers.await(
            () -> ProcessHandle.of(pid).map(handle -> !handle.isAlive()).orElse(true),
            Duration.ofSeconds(10)),
        "the server's child " + pid + " is still running");
  }
}
