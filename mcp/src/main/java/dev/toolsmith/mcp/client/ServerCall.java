package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.client.McpClientException;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.McpTimeoutException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;

/**
 * One call of a server's tool, from its request to its one outcome: the server's answer, a failure,
 * the timeout, the caller's cancel or the loss of the session, whichever comes first. Each outcome
 * goes through {@link #finish}, which records the circuit breaker's verdict before the caller sees
 * the result, and stops what is still running (the request given up as its era says, the timer).
 */
final class ServerCall {

  private final String raw;
  private final McpServerConfig config;
  private final CircuitBreaker breaker;
  private final CircuitBreaker.Permit permit;
  private final ClientSession session;
  private final CompletableFuture<String> result = new CompletableFuture<>();
  private final AtomicBoolean settled = new AtomicBoolean();
  private volatile @Nullable Disposable request;
  private volatile @Nullable ScheduledFuture<?> deadline;

  ServerCall(
      String raw,
      McpServerConfig config,
      CircuitBreaker breaker,
      CircuitBreaker.Permit permit,
      ClientSession session) {
    this.raw = raw;
    this.config = config;
    this.breaker = breaker;
    this.permit = permit;
    this.session = session;
  }

  /**
   * Sends the call with {@code arguments}; the stage completes once, with the first outcome.
   *
   * @param context the caller's call: its trace context and progress travel with the request, and
   *     its cancel gives the call up
   * @param transportFailed told of the session when the call failed other than with an answer of
   *     the server's, for the connection to find out whether the server is gone
   */
  CompletionStage<String> start(
      Map<String, Object> arguments,
      ToolContext context,
      ScheduledExecutorService scheduler,
      BiConsumer<ClientSession, String> transportFailed) {
    session.inFlight.add(this);
    deadline = scheduler.schedule(this::timedOut, config.timeout().toNanos(), TimeUnit.NANOSECONDS);
    Disposable sent =
        session
            .call(raw, arguments, context)
            .subscribe(
                this::answered,
                failure -> failed(failure, transportFailed),
                () -> fail("MCP server '" + config.name() + "' returned no result", true));
    request = sent;
    if (settled.get()) {
      sent.dispose(); // settled while it was being sent
    }
    context.onCancel(this::cancelled);
    return result.whenComplete((value, error) -> session.inFlight.remove(this));
  }

  private void answered(McpSchema.CallToolResult answer) {
    boolean isError = Boolean.TRUE.equals(answer.isError());
    finish(CallResultJson.of(answer), isError ? breaker::failure : breaker::success);
  }

  private void failed(Throwable failure, BiConsumer<ClientSession, String> transportFailed) {
    // An error the server answered says the call was wrong, not that the server is gone.
    boolean answered = answeredByServer(failure);
    String message =
        "MCP tool '"
            + raw
            + "' on server '"
            + config.name()
            + "' failed: "
            + Reasons.describe(failure);
    if (fail(message, !answered) && !answered) {
      transportFailed.accept(session, "call failed: " + Reasons.describe(failure));
    }
  }

  private void timedOut() {
    fail(
        "MCP tool '"
            + raw
            + "' on server '"
            + config.name()
            + "' timed out after "
            + Reasons.seconds(config.timeout()),
        true);
  }

  /** The caller gave up: the server is told to stop, and the call counts for nothing. */
  private void cancelled() {
    finish(McpJson.error("MCP tool '" + raw + "' was cancelled"), () -> breaker.release(permit));
  }

  /** The session is gone (or closed, when not {@code failure}) with the call in flight. */
  void abandon(String message, boolean failure) {
    fail(message, failure);
  }

  private boolean fail(String message, boolean failure) {
    return finish(McpJson.error(message), failure ? breaker::failure : () -> {});
  }

  /** Settles the call with {@code value} after {@code outcome}; false if it was settled before. */
  private boolean finish(String value, Runnable outcome) {
    if (!settled.compareAndSet(false, true)) {
      return false;
    }
    outcome.run();
    ScheduledFuture<?> timer = deadline;
    if (timer != null) {
      timer.cancel(false);
    }
    Disposable sent = request;
    if (sent != null) {
      sent.dispose(); // nothing when it completed; else the request is given up
    }
    result.complete(value);
    return true;
  }

  /**
   * Whether {@code failure} is the server's answer (a JSON-RPC error, an invalid result, input it
   * asked for that this client does not give) rather than a lost connection or no answer in time.
   */
  private static boolean answeredByServer(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof McpError || t instanceof McpException) {
        return true;
      }
      if (t instanceof McpClientException) {
        return !(t instanceof McpResponseLostException || t instanceof McpTimeoutException);
      }
    }
    return false;
  }
}
