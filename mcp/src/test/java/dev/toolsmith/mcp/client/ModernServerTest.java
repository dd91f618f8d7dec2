package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.definition.ToolDefinition;
import dev.toolsmith.schema.definition.ToolHints;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Servers of the 2026-07-28 revision on the TypeScript SDK v2 (mcp/src/test/node/era-server.mjs),
 * modern-only and dual-era, over stdio and Streamable HTTP: each is found to be modern (a dual-era
 * one too), its tools load under the usual names and answer in the usual shapes, progress and
 * cancellation travel in the modern form, and a change of its tools arrives over {@code
 * subscriptions/listen}.
 */
@Timeout(120)
final class ModernServerTest {

  @ParameterizedTest
  @EnumSource(EraPeer.Kind.class)
  void itsToolsLoadAndAnswerAsALegacyServersDo(EraPeer.Kind kind) throws Exception {
    try (EraPeer peer = EraPeer.start(kind)) {
      ServerStatus status = peer.clients.servers().get(0);
      assertEquals("2026-07-28", status.protocolVersion(), status.describe());
      assertTrue(status.describe().contains("connected (MCP 2026-07-28), 9 tool(s)"));
      assertEquals(
          List.of(
              "mcp__era__add",
              "mcp__era__big",
              "mcp__era__broken",
              "mcp__era__echo",
              "mcp__era__env",
              "mcp__era__grow",
              "mcp__era__seen",
              "mcp__era__steps",
              "mcp__era__wait"),
          peer.registry.toolNames("mcp-era"));
      assertEquals(
          "{\"result\":\"Echo: héllo wörld ✓\"}",
          peer.registry.dispatch("mcp__era__echo", "{\"message\":\"héllo wörld ✓\"}"));
      assertEquals(
          "{\"result\":\"5\",\"structuredContent\":{\"sum\":5}}",
          peer.registry.dispatch("mcp__era__add", "{\"a\":2,\"b\":3}"));
      assertEquals("{\"error\":\"it broke\"}", peer.registry.dispatch("mcp__era__broken", "{}"));
      ToolDefinition add = peer.registry.entry("mcp__era__add").orElseThrow().definition();
      assertEquals("Adder", add.title());
      assertEquals(new ToolHints(true, null, null, null), add.hints());
      String output = Objects.requireNonNull(add.outputSchema());
      assertTrue(output.contains("\"sum\""), output);
      assertTrue(add.schema().contains("\"required\":[\"a\",\"b\"]"), add.schema());
      // Every call reached the server as a 2026-07-28 request: nothing fell back to initialize.
      JsonNode eras = peer.seen().get("eras");
      assertEquals(4, eras.size(), eras.toString());
      eras.forEach(era -> assertEquals("modern", era.asText(), eras.toString()));
    }
  }

  @ParameterizedTest
  @EnumSource(EraPeer.Kind.class)
  void progressReachesTheCallerAndACancelReachesTheServer(EraPeer.Kind kind) throws Exception {
    try (EraPeer peer = EraPeer.start(kind)) {
      List<String> reports = new CopyOnWriteArrayList<>();
      ToolContext.Control steps =
          new ToolContext.Control(
              (done, total, message) -> reports.add(done + "/" + total + " " + message));
      String stepped =
          peer.registry.dispatch("mcp__era__steps", "{}", ToolContext.of("c1").withControl(steps));
      assertEquals("{\"result\":\"stepped\"}", stepped);
      assertEquals(List.of("1.0/3.0 step 1", "2.0/3.0 step 2", "3.0/3.0 step 3"), reports);

      ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
      CompletableFuture<String> waiting =
          CompletableFuture.supplyAsync(
              () ->
                  peer.registry.dispatch(
                      "mcp__era__wait", "{}", ToolContext.of("c2").withControl(control)));
      assertTrue(
          Peers.await(() -> peer.seen().path("started").asInt() == 1, Duration.ofSeconds(20)),
          "the wait call did not start");
      long start = System.nanoTime();
      control.cancel();
      assertEquals(
          "{\"error\":\"MCP tool 'wait' was cancelled\"}", waiting.get(10, TimeUnit.SECONDS));
      assertTrue(
          Peers.await(() -> peer.seen().path("cancelled").asInt() == 1, Duration.ofSeconds(10)),
          () -> "the server saw no cancellation: " + peer.seen());
      // The server stopped at the cancel (stdio: notifications/cancelled; HTTP: the stream
      // closed), not at its own 20 s end.
      assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(10)) < 0);
    }
  }

  @ParameterizedTest
  @EnumSource(EraPeer.Kind.class)
  void aChangeOfItsToolsArrivesOverTheListenStream(EraPeer.Kind kind) throws Exception {
    try (EraPeer peer = EraPeer.start(kind)) {
      assertEquals("{\"result\":\"extra-1\"}", peer.registry.dispatch("mcp__era__grow", "{}"));
      assertTrue(
          Peers.await(
              () -> peer.registry.toolNames().contains("mcp__era__extra_1"),
              Duration.ofSeconds(20)),
          () -> "the new tool was not registered: " + peer.registry.toolNames());
      assertEquals("{\"result\":\"extra 1\"}", peer.registry.dispatch("mcp__era__extra_1", "{}"));
      assertTrue(peer.connection().listChanges() >= 1);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = EraPeer.Kind.class,
      names = {"STDIO_DUAL_ERA", "HTTP_MODERN_ONLY"})
  void aListPastItsTimeToLiveIsListedAgainWhenTheRegistryNeedsIt(EraPeer.Kind kind)
      throws Exception {
    // No listen stream (tools.listChanged is not advertised): freshness comes from ttlMs alone.
    try (EraPeer peer = EraPeer.start(kind, "--no-list-changed", "--ttl", "500")) {
      assertFalse(peer.connection().toolNames().contains("mcp__era__extra_1"));
      peer.registry.dispatch("mcp__era__grow", "{}");
      Thread.sleep(700);
      assertFalse(
          peer.registry.toolNames().contains("mcp__era__extra_1"),
          "listed again with no listing of the registry: that is polling");
      peer.registry.invalidateChecks(); // a listing now runs the toolset's check
      peer.registry.definitions(peer.registry.toolNames());
      assertTrue(
          Peers.await(
              () -> peer.registry.toolNames().contains("mcp__era__extra_1"),
              Duration.ofSeconds(20)),
          () -> "the stale list was not listed again: " + peer.registry.toolNames());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = EraPeer.Kind.class,
      names = {"STDIO_MODERN_ONLY", "HTTP_DUAL_ERA"})
  void aFreshListIsNotListedAgain(EraPeer.Kind kind) throws Exception {
    try (EraPeer peer = EraPeer.start(kind, "--no-list-changed", "--ttl", "600000")) {
      peer.registry.dispatch("mcp__era__grow", "{}");
      peer.registry.invalidateChecks();
      peer.registry.definitions(peer.registry.toolNames());
      Thread.sleep(1000);
      assertFalse(
          peer.registry.toolNames().contains("mcp__era__extra_1"),
          "a list fresh for ten minutes was listed again");
      assertEquals(0, peer.connection().listChanges());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = EraPeer.Kind.class,
      names = {"STDIO_MODERN_ONLY", "STDIO_DUAL_ERA"})
  void aKilledServerIsStartedAgainInItsEraAndFollowedAgain(EraPeer.Kind kind) throws Exception {
    McpClients.Builder builder =
        McpClients.builder().restartBackoff(Duration.ofMillis(100), Duration.ofSeconds(1));
    try (EraPeer peer = EraPeer.start(kind, builder)) {
      ServerConnection connection = peer.connection();
      Process first = connection.process();
      first.destroyForcibly();
      assertTrue(
          Peers.await(
              () -> connection.reconnects() == 1 && connection.isConnected(),
              Duration.ofSeconds(30)),
          "not restarted");
      assertNotEquals(first.pid(), connection.process().pid());
      assertEquals("2026-07-28", connection.protocolVersion());
      assertEquals(
          "{\"result\":\"Echo: again\"}",
          peer.registry.dispatch("mcp__era__echo", "{\"message\":\"again\"}"));
      // The new process's changes come over a new listen stream.
      peer.registry.dispatch("mcp__era__grow", "{}");
      assertTrue(
          Peers.await(
              () -> peer.registry.toolNames().contains("mcp__era__extra_1"),
              Duration.ofSeconds(20)),
          () -> "the new tool was not registered: " + peer.registry.toolNames());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = EraPeer.Kind.class,
      names = {"HTTP_MODERN_ONLY", "HTTP_DUAL_ERA"})
  void anHttpServerThatGoesAwayIsNoticedWithoutACallAndReconnected(EraPeer.Kind kind)
      throws Exception {
    McpClients.Builder builder =
        McpClients.builder().restartBackoff(Duration.ofMillis(100), Duration.ofMillis(500));
    try (EraPeer peer = EraPeer.start(kind, builder)) {
      ServerConnection connection = peer.connection();
      peer.stopHttp();
      // Its listen stream is the one request always open: its loss is asked about at once.
      assertTrue(
          Peers.await(() -> !connection.isConnected(), Duration.ofSeconds(20)),
          "the server's loss went unnoticed");
      peer.startHttpAgain();
      assertTrue(
          Peers.await(
              () -> connection.reconnects() == 1 && connection.isConnected(),
              Duration.ofSeconds(30)),
          "not reconnected");
      assertEquals(
          "{\"result\":\"Echo: back\"}",
          peer.registry.dispatch("mcp__era__echo", "{\"message\":\"back\"}"));
      assertEquals("2026-07-28", connection.protocolVersion());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = EraPeer.Kind.class,
      names = {"STDIO_MODERN_ONLY", "STDIO_DUAL_ERA"})
  void anAnswerOverTheLineLimitIsSpilledAndTheProcessGoesOn(EraPeer.Kind kind) throws Exception {
    try (EraPeer peer = EraPeer.start(kind, config -> config.maxMessageBytes(65_536))) {
      long pid = peer.connection().process().pid();
      String result = peer.registry.dispatch("mcp__era__big", "{\"bytes\":200000}");
      assertTrue(ToolResults.isTruncated(result), result);
      JsonNode notice = McpJson.MAPPER.readTree(result);
      assertEquals("mcp__era__big", notice.get("tool").asText());
      Path file = Path.of(notice.get("path").asText());
      try {
        // The file holds the result object as the server sent it, its 200,000 x's whole.
        JsonNode saved = McpJson.MAPPER.readTree(Files.readString(file));
        assertEquals("x".repeat(200_000), saved.at("/content/0/text").asText());
      } finally {
        Files.deleteIfExists(file);
      }
      assertEquals(
          "{\"result\":\"Echo: on\"}",
          peer.registry.dispatch("mcp__era__echo", "{\"message\":\"on\"}"));
      assertEquals(pid, peer.connection().process().pid(), "the connection was replaced");
      // The child has the minimal environment: not this process's variables.
      assertEquals(
          "{\"result\":\"(unset)\"}",
          peer.registry.dispatch("mcp__era__env", "{\"name\":\"TOOLSMITH_TEST_SECRET\"}"));
      assertTrue(
          peer.registry.dispatch("mcp__era__env", "{\"name\":\"PATH\"}").contains("/"),
          "PATH is passed on");
    }
  }
}
