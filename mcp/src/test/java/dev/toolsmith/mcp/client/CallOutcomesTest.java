package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.result.ToolCallResult.Outcome;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What each way a proxied call can end is, as observers and metrics read it from the call's value:
 * a timeout {@code TIMEOUT}, a cancel {@code CANCELLED}, a server that is gone or whose circuit is
 * open {@code UNAVAILABLE}, the server's {@code isError} {@code TOOL_FAILURE}, arguments that are
 * no object {@code INVALID_ARGUMENTS}; the model's text stays what it was.
 */
@Timeout(120)
final class CallOutcomesTest {

  private FaultServer faulty;
  private final ToolRegistry registry = ToolRegistry.create();
  private McpClients clients;

  @BeforeEach
  void start() throws Exception {
    faulty = new FaultServer();
    faulty.addErrorTool("flaky", "no such city", new AtomicBoolean(true));
  }

  private void connect(Duration timeout) {
    McpServerConfig config =
        McpServerConfig.http("faulty", faulty.url()).toBuilder()
            .timeout(timeout)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    clients =
        McpClients.builder().servers(List.of(config)).failureThreshold(2).build().connect(registry);
  }

  @AfterEach
  void stop() {
    if (clients != null) {
      clients.close();
    }
    faulty.close();
  }

  @Test
  void eachEndingIsItsOutcome() {
    connect(Duration.ofSeconds(1));
    ToolCallResult timedOut = registry.call("mcp__faulty__slow", "{}");
    assertEquals(Outcome.TIMEOUT, timedOut.outcome());
    assertEquals(
        "{\"error\":\"MCP tool 'slow' on server 'faulty' timed out after 1s\"}", timedOut.text());

    ToolCallResult refused = registry.call("mcp__faulty__flaky", "{}");
    assertEquals(Outcome.TOOL_FAILURE, refused.outcome());
    assertEquals("{\"error\":\"no such city\"}", refused.text());

    // Two failures in a row: the circuit is open, and calls fail fast as unavailable.
    ToolCallResult open = registry.call("mcp__faulty__ok", "{}");
    assertEquals(Outcome.UNAVAILABLE, open.outcome());
    assertTrue(
        open.text().startsWith("{\"error\":\"MCP server 'faulty' is failing (2 consecutive"),
        open.text());

    ToolCallResult invalid = registry.call("mcp__faulty__ok", "[1,2]");
    assertEquals(Outcome.INVALID_ARGUMENTS, invalid.outcome());
    assertEquals(
        "{\"error\":\"Invalid arguments for tool mcp__faulty__ok\","
            + "\"problems\":[{\"path\":\"\",\"expected\":\"object\",\"got\":\"array\"}]}",
        invalid.text());
  }

  @Test
  void aCancelIsCancelledAndAServerGoneMidCallIsUnavailable() throws Exception {
    connect(Duration.ofSeconds(20));
    ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
    ToolCallResult cancelled =
        callSlowThen(ToolContext.of("c").withControl(control), control::cancel);
    assertEquals(Outcome.CANCELLED, cancelled.outcome());
    assertEquals("{\"error\":\"MCP tool 'slow' was cancelled\"}", cancelled.text());

    ToolCallResult lost =
        callSlowThen(
            ToolContext.of("d"),
            () -> {
              try {
                faulty.kill();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    assertEquals(Outcome.UNAVAILABLE, lost.outcome(), lost.text());
    assertTrue(lost.text().startsWith("{\"error\":\"MCP "), lost.text());
  }

  @Test
  void aClosedServersCallFailsAsUnavailable() throws Exception {
    connect(Duration.ofSeconds(20));
    ServerConnection connection = clients.connection("faulty");
    clients.close();
    ExecutionException failure =
        assertThrows(
            ExecutionException.class,
            () ->
                connection
                    .call("ok", "{}", ToolContext.of("e"))
                    .toCompletableFuture()
                    .get(5, TimeUnit.SECONDS));
    ToolFailureException closed = (ToolFailureException) failure.getCause();
    assertEquals(ToolFailureException.Kind.UNAVAILABLE, closed.kind());
    assertEquals("MCP server 'faulty' is closed", closed.getMessage());
  }

  /** Calls {@code slow} with {@code context}, runs {@code then} once the server has it. */
  private ToolCallResult callSlowThen(ToolContext context, Runnable then) throws Exception {
    long entered = faulty.slowEntered.getCount();
    CompletableFuture<ToolCallResult> call =
        CompletableFuture.supplyAsync(() -> registry.call("mcp__faulty__slow", "{}", context));
    assertTrue(
        Peers.await(
            () -> faulty.slowEntered.getCount() < entered || entered == 0, Duration.ofSeconds(10)));
    Thread.sleep(300); // the request is out; the assertions hold either way
    then.run();
    return call.get(30, TimeUnit.SECONDS);
  }
}
