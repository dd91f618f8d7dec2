package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolRegistry;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.McpTimeoutException;
import io.modelcontextprotocol.modern.client.transport.McpHttpStatusException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How the client finds a server's era, as the 2026-07-28 specification's backward-compatibility
 * section says: the verdicts on the probe's outcomes, a legacy server that stays silent to {@code
 * server/discover}, a modern server that refuses it (reported, not taken for legacy), and the era
 * remembered across a restart.
 */
@Timeout(120)
final class EraProbeTest {

  private static final URI URL = URI.create("http://127.0.0.1:1/mcp");
  private static final HttpHeaders NO_HEADERS = HttpHeaders.of(Map.of(), (name, value) -> true);

  @Test
  void theVerdictsOfTheSpecification() {
    // Any JSON-RPC error that is not a modern one: legacy, on both transports.
    for (int code : List.of(-32601, -32602, -32600, -32603, -32000)) {
      assertTrue(EraProbe.saysLegacy(new McpException(code, "no"), true), "stdio " + code);
      assertTrue(EraProbe.saysLegacy(new McpException(code, "no"), false), "http " + code);
    }
    // A modern error: a modern server, whatever it refused.
    for (int code : List.of(-32020, -32021, -32022)) {
      assertFalse(EraProbe.saysLegacy(new McpException(code, "modern"), true), "stdio " + code);
      assertFalse(EraProbe.saysLegacy(new McpException(code, "modern"), false), "http " + code);
    }
    Map<String, Object> newer = Map.of("supported", List.of("2099-01-01"), "requested", "x");
    Map<String, Object> older = Map.of("supported", List.of("2025-11-25"), "requested", "x");
    assertFalse(EraProbe.saysLegacy(new McpException(-32022, "v", newer), true));
    assertTrue(EraProbe.saysLegacy(new McpException(-32022, "v", older), true));
    // HTTP: a 4xx without a modern error body is legacy; credentials and outages are no verdict.
    for (int status : List.of(400, 404, 405, 406, 415)) {
      assertTrue(EraProbe.saysLegacy(status(status, "Bad Request"), false), "HTTP " + status);
    }
    for (int status : List.of(401, 403, 500, 502, 503)) {
      assertFalse(EraProbe.saysLegacy(status(status, ""), false), "HTTP " + status);
    }
    assertFalse(EraProbe.saysLegacy(new ConnectException("refused"), false));
    assertFalse(
        EraProbe.saysLegacy(
            new McpResponseLostException("server/discover", new IOException()), true));
    // Silence: legacy over stdio, an outage over HTTP.
    McpTimeoutException silence =
        new McpTimeoutException(McpTimeoutException.Kind.ROUND, Duration.ofSeconds(1), "x");
    assertTrue(EraProbe.saysLegacy(new IllegalStateException("blocked", silence), true));
    assertFalse(EraProbe.saysLegacy(new IllegalStateException("blocked", silence), false));
  }

  private static McpHttpStatusException status(int status, String body) {
    return new McpHttpStatusException(URL, status, NO_HEADERS, body);
  }

  private static McpServerConfig misbehaving(Duration connectTimeout, String... options) {
    List<String> args = new ArrayList<>();
    args.add(Peers.script("misbehaving-server.mjs").toString());
    args.addAll(List.of(options));
    return McpServerConfig.stdio("legacy", Peers.node(), args).toBuilder()
        .timeout(Duration.ofSeconds(20))
        .connectTimeout(connectTimeout)
        .build();
  }

  @Test
  void aLegacyServerSilentToTheProbeIsInitializedOnceHalfTheConnectTimeoutPassed() {
    ToolRegistry registry = ToolRegistry.create();
    McpServerConfig config = misbehaving(Duration.ofSeconds(4), "--discover", "silent");
    long start = System.nanoTime();
    try (McpClients clients = McpClients.builder().servers(List.of(config)).build()) {
      clients.connect(registry);
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      ServerStatus status = clients.servers().get(0);
      assertEquals(ServerStatus.State.CONNECTED, status.state(), status.describe());
      assertNotEquals("2026-07-28", status.protocolVersion());
      assertTrue(took.compareTo(Duration.ofMillis(1900)) > 0, "no probe waited: " + took);
      assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "waited too long: " + took);
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__legacy__ok", "{}"));
    }
  }

  @Test
  void aModernServerThatRefusesTheProbeIsReportedNotTakenForLegacy() {
    ToolRegistry registry = ToolRegistry.create();
    // The server would answer initialize: falling back to it would be wrong.
    McpServerConfig config = misbehaving(Duration.ofSeconds(20), "--discover", "refuse");
    try (McpClients clients = McpClients.builder().servers(List.of(config)).build()) {
      clients.connect(registry);
      ServerStatus status = clients.servers().get(0);
      assertEquals(ServerStatus.State.FAILED, status.state(), status.describe());
      assertEquals(
          "refused server/discover (error -32022: Unsupported protocol version;"
              + " {\"supported\":[\"2099-01-01\"],\"requested\":\"2026-07-28\"})",
          status.detail());
      assertEquals(List.of(), registry.toolNames());
    }
  }

  @Test
  void theEraFoundIsRememberedWhenTheServerIsStartedAgain() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    McpServerConfig config = misbehaving(Duration.ofSeconds(20), "--log-methods");
    try (McpClients clients =
        McpClients.builder()
            .servers(List.of(config))
            .restartBackoff(Duration.ofMillis(100), Duration.ofSeconds(1))
            .build()
            .connect(registry)) {
      ServerConnection connection = clients.connection("legacy");
      List<String> first = connection.stderrLines();
      assertEquals(
          List.of("method server/discover", "method initialize", "method tools/list"),
          first.subList(0, 3),
          first.toString());
      connection.process().destroyForcibly();
      assertTrue(
          Peers.await(
              () -> connection.reconnects() == 1 && connection.isConnected(),
              Duration.ofSeconds(30)),
          "not restarted");
      List<String> second = connection.stderrLines();
      assertEquals(
          List.of("method initialize", "method tools/list"),
          second.subList(0, 2),
          "the restarted server was probed again: " + second);
      assertFalse(second.contains("method server/discover"), second.toString());
    }
  }
}
