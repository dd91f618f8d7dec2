package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A FastMCP 4.0.10 server (mcp/src/test/python/fastmcp_server.py), which serves 2026-07-28 and the
 * legacy revisions, over stdio and Streamable HTTP: found to be modern, its tools loaded and
 * called, its progress passed on.
 */
@Timeout(180)
final class FastMcpServerTest {

  @Test
  void overStdio() {
    List<String> command = Peers.python("fastmcp_server.py");
    List<String> args = new ArrayList<>(command.subList(1, command.size()));
    args.add("stdio");
    check(McpServerConfig.stdio("fast", command.get(0), args));
  }

  @Test
  void overHttp() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    List<String> command = new ArrayList<>(Peers.python("fastmcp_server.py"));
    command.addAll(List.of("http", String.valueOf(port)));
    Process server =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      assertTrue(Peers.await(() -> accepts(port), Duration.ofSeconds(60)), "FastMCP not up");
      check(McpServerConfig.http("fast", "http://127.0.0.1:" + port + "/mcp"));
    } finally {
      server.descendants().forEach(ProcessHandle::destroyForcibly);
      server.destroyForcibly();
    }
  }

  private static void check(McpServerConfig server) {
    ToolRegistry registry = ToolRegistry.create();
    McpServerConfig config =
        server.toBuilder()
            .timeout(Duration.ofSeconds(30))
            .connectTimeout(Duration.ofSeconds(60))
            .build();
    try (McpClients clients = McpClients.builder().servers(List.of(config)).build()) {
      clients.connect(registry);
      ServerStatus status = clients.servers().get(0);
      assertEquals(ServerStatus.State.CONNECTED, status.state(), status.describe());
      assertEquals("2026-07-28", status.protocolVersion(), status.describe());
      assertEquals(
          List.of("mcp__fast__add", "mcp__fast__echo", "mcp__fast__steps"),
          registry.toolNames("mcp-fast"));
      assertEquals(
          "{\"result\":\"Echo: héllo\",\"structuredContent\":{\"result\":\"Echo: héllo\"}}",
          registry.dispatch("mcp__fast__echo", "{\"message\":\"héllo\"}"));
      assertEquals(
          "{\"result\":\"5\",\"structuredContent\":{\"result\":5}}",
          registry.dispatch("mcp__fast__add", "{\"a\":2,\"b\":3}"));
      List<String> reports = new CopyOnWriteArrayList<>();
      ToolContext.Control control =
          new ToolContext.Control(
              (done, total, message) -> reports.add(done + "/" + total + " " + message));
      String stepped =
          registry.dispatch("mcp__fast__steps", "{}", ToolContext.of("c").withControl(control));
      assertTrue(stepped.startsWith("{\"result\":\"stepped\""), stepped);
      assertEquals(List.of("1.0/3.0 step 1", "2.0/3.0 step 2", "3.0/3.0 step 3"), reports);
    }
  }

  private static boolean accepts(int port) {
    try {
      new Socket(InetAddress.getLoopbackAddress(), port).close();
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
