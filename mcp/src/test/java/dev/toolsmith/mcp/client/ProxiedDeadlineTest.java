package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.Guards;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A guard's deadline on a proxied MCP tool: at expiry the caller gets the timeout, and the server
 * is told to stop: a legacy server (the TypeScript SDK 1.32.2, upstream-progress.mjs) gets {@code
 * notifications/cancelled} naming the request, a 2026-07-28 server (the TypeScript SDK v2,
 * era-server.mjs) the modern cancel (stdio: {@code notifications/cancelled}; HTTP: its stream
 * closed). Each server's {@code wait} tool waits 20 s unless cancelled, and says what it saw.
 */
@Timeout(180)
final class ProxiedDeadlineTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofMillis(700);

  private static ToolRegistry guarded(String tool) {
    return ToolRegistry.builder()
        .guards(Guards.builder().toolDeadline(tool, DEADLINE).build())
        .build();
  }

  @Test
  void aLegacyServersToolIsCancelledUpstreamAtItsDeadline() throws Exception {
    ToolRegistry registry = guarded("mcp__up__wait");
    McpServerConfig config =
        McpServerConfig.stdio(
                "up", Peers.node(), List.of(Peers.script("upstream-progress.mjs").toString()))
            .toBuilder()
            .timeout(Duration.ofSeconds(30))
            .connectTimeout(Duration.ofSeconds(30))
            .build();
    try (McpClients clients =
        McpClients.builder().servers(List.of(config)).build().connect(registry)) {
      long start = System.nanoTime();
      assertEquals(
          "{\"error\":\"Tool mcp__up__wait timed out after its deadline of 700 ms\"}",
          registry.dispatch("mcp__up__wait", "{}"));
      assertTrue(
          Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(5)) < 0,
          "the caller waited past the deadline");
      assertTrue(
          Peers.await(
              () -> legacySeen(registry).get("cancelled").size() == 1, Duration.ofSeconds(10)),
          () -> "the server saw no cancellation: " + legacySeen(registry));
      JsonNode seen = legacySeen(registry);
      assertEquals(seen.get("started"), seen.get("cancelled"), seen.toString());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = EraPeer.Kind.class,
      names = {"STDIO_MODERN_ONLY", "HTTP_MODERN_ONLY"})
  void aModernServersToolIsCancelledUpstreamAtItsDeadline(EraPeer.Kind kind) throws Exception {
    ToolRegistry registry = guarded("mcp__era__wait");
    try (EraPeer peer = EraPeer.start(kind, registry)) {
      assertEquals(
          "{\"error\":\"Tool mcp__era__wait timed out after its deadline of 700 ms\"}",
          registry.dispatch("mcp__era__wait", "{}"));
      assertTrue(
          Peers.await(() -> peer.seen().path("cancelled").asInt() == 1, Duration.ofSeconds(10)),
          () -> "the server saw no cancellation: " + peer.seen());
      assertEquals(1, peer.seen().path("started").asInt(), peer.seen().toString());
    }
  }

  private static JsonNode legacySeen(ToolRegistry registry) {
    try {
      String result = registry.dispatch("mcp__up__seen", "{}");
      return JSON.readTree(JSON.readTree(result).path("result").asText()); // {"result":"TEXT"}
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
