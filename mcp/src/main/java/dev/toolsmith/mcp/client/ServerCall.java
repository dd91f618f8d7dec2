package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.client.McpClientException;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.McpTimeoutException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.CancellationException;
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
 * the timeout, the caller's cancel (of its context, or of the stage {@link #start} returns, as a
 * guard's deadline does) or the loss of the session, whichever comes first. Each outcome goes
 * through {@link #settle}, which records the circuit breaker's verdict before the caller sees the
 * result, and stops what is still running (the request given up as its era says, the timer). A
 * failure is a {@link ToolFailureException} of the kind it is, so that observers and metrics see a
 * lost server as unavailable, a timeout as a timeout and a cancel as a cancel.
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
                () ->
                    fail(
                        ToolFailureException.failed(
                            "MCP server '" + config.name() + "' returned no result"),
                        breaker::failure));
    request = sent;
    if (settled.get()) {
      sent.dispose(); // settled while it was being sent
    }
    context.onCancel(this::cancelled);
    CompletableFuture<String> answer =
        result.whenComplete((value, error) -> session.inFlight.remove(this));
    // The caller cancels this stage at its deadline: the server is told to stop, as on a cancel.
    var unused =
        answer.whenComplete(
            (value, error) -> {
              if (error instanceof CancellationException) {
                cancelled();
              }
            });
    return answer;
  }

  private void answered(McpSchema.CallToolResult answer) {
    if (Boolean.TRUE.equals(answer.isError())) {
      fail(ToolFailureException.failed(CallResultJson.errorMessage(answer)), breaker::failure);
    } else {
      settle(breaker::success, () -> result.complete(CallResultJson.of(answer)));
    }
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
    // A server that did not answer is unavailable (until the connection says it is back).
    ToolFailureException kind =
        answered ? ToolFailureException.failed(message) : ToolFailureException.unavailable(message);
    if (fail(kind, answered ? breaker::success : breaker::failure) && !answered) {
      transportFailed.accept(session, "call failed: " + Reasons.describe(failure));
    }
  }

  private void timedOut() {
    fail(
        ToolFailureException.timeout(
            "MCP tool '"
                + raw
                + "' on server '"
                + config.name()
                + "' timed out after "
                + Reasons.seconds(config.timeout())),
        breaker::failure);
  }

  /** The caller gave up: the server is told to stop, and the call counts for nothing. */
  private void cancelled() {
    fail(
        ToolFailureException.cancelled("MCP tool '" + raw + "' was cancelled"),
        () -> breaker.release(permit));
  }

  /** The session is gone (or closed, when not {@code failure}) with the call in flight. */
  void abandon(String message, boolean failure) {
    fail(ToolFailureException.unavailable(message), failure ? breaker::failure : () -> {});
  }

  private boolean fail(ToolFailureException failure, Runnable outcome) {
    return settle(outcome, () -> result.completeExceptionally(failure));
  }

  /**
   * Settles the call: runs {@code outcome} (the breaker's verdict), stops what still runs, then
   * {@code completion}; false if the call was settled before.
   */
  private boolean settle(Runnable outcome, Runnable completion) {
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
    completion.run();
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
