package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A proxied server's tool (mcp/src/test/node/upstream-progress.mjs, on the TypeScript SDK) called
 * with a caller's context, as the served side passes it: the server's progress reaches the caller,
 * and the caller's cancel reaches the server as {@code notifications/cancelled} naming the request.
 */
@Timeout(120)
final class ProxiedCallsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static McpClients connect(ToolRegistry registry) {
    McpServerConfig config =
        McpServerConfig.stdio(
                "up", Peers.node(), List.of(Peers.script("upstream-progress.mjs").toString()))
            .toBuilder()
            .timeout(Duration.ofSeconds(30))
            .connectTimeout(Duration.ofSeconds(30))
            .build();
    McpClients clients = McpClients.builder().servers(List.of(config)).build().connect(registry);
    assertEquals(
        ServerStatus.State.CONNECTED,
        clients.servers().get(0).state(),
        clients.servers().get(0).describe());
    return clients;
  }

  @Test
  void theServersProgressReachesTheCaller() {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(registry)) {
      List<String> reports = new CopyOnWriteArrayList<>();
      ToolContext.Control control =
          new ToolContext.Control(
              (done, total, message) -> reports.add(done + "/" + total + " " + message));
      String result =
          registry.dispatch("mcp__up__steps", "{}", ToolContext.of("c1").withControl(control));
      assertTrue(result.contains("stepped"), result);
      assertEquals(List.of("1.0/3.0 step 1", "2.0/3.0 step 2", "3.0/3.0 step 3"), reports);
    }
  }

  @Test
  void aCancelledCallIsCancelledOnTheServerWithItsRequestId() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(registry)) {
      ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
      CompletableFuture<String> waiting =
          CompletableFuture.supplyAsync(
              () ->
                  registry.dispatch(
                      "mcp__up__wait", "{}", ToolContext.of("c2").withControl(control)));
      assertTrue(
          Peers.await(() -> seen(registry).get("started").size() == 1, Duration.ofSeconds(20)),
          "the wait call did not start");
      long start = System.nanoTime();
      control.cancel();
      waiting.get(10, TimeUnit.SECONDS); // the caller is not kept waiting for the server
      assertTrue(
          Peers.await(() -> seen(registry).get("cancelled").size() == 1, Duration.ofSeconds(10)),
          () -> "the server saw no cancellation: " + seen(registry));
      JsonNode seen = seen(registry);
      assertEquals(seen.get("started"), seen.get("cancelled"), seen.toString());
      // The server stopped at the cancel, not at its own 20 s end.
      assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(10)) < 0);
    }
  }

  private static JsonNode seen(ToolRegistry registry) {
    try {
      String result = registry.dispatch("mcp__up__seen", "{}");
      return JSON.readTree(JSON.readTree(result).path("result").asText()); // {"result":"TEXT"}
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
