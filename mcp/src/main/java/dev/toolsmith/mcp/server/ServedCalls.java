package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.core.scheduler.Schedulers;

/**
 * The tool calls a served registry is running, so that a client's {@code notifications/cancelled}
 * can reach them: a cancelled call's {@link ToolContext} says so, its thread is interrupted (an
 * async tool's future is cancelled by the registry), and no response is sent for it. A call whose
 * request carried a progress token sends the tool's progress as {@code notifications/progress}.
 *
 * <p>The SDK's server hands a tool handler neither the JSON-RPC id nor cancellations, so {@link
 * ServingJson} puts the id into the request's {@code _meta} under {@link #REQUEST_ID}, and the
 * transport layer (the stdio gate, the HTTP front door) passes cancellations to {@link #cancel}.
 */
final class ServedCalls {

  /** Where {@link ServingJson} puts a {@code tools/call}'s JSON-RPC id in the request's meta. */
  static final String REQUEST_ID = "dev.toolsmith/jsonrpcId";

  private static final Duration PROGRESS_SEND_LIMIT = Duration.ofSeconds(5);

  /** Over stdio there is one session, and cancellations do not name it. */
  private final boolean oneSession;

  /** What every call's context carries: MCP requests carry no attributes of their own. */
  private final Map<String, Object> attributes;

  private final ConcurrentMap<String, Running> running = new ConcurrentHashMap<>();

  ServedCalls(boolean oneSession, Map<String, Object> attributes) {
    this.oneSession = oneSession;
    this.attributes = attributes;
  }

  /**
   * Runs {@code body} on a worker thread with a context the client can cancel; the result, or
   * nothing once cancelled. Without an exchange (a stateless server) the call can be neither
   * cancelled nor report progress.
   */
  Mono<McpSchema.CallToolResult> run(
      @Nullable McpAsyncServerExchange exchange,
      McpSchema.CallToolRequest request,
      Function<ToolContext, McpSchema.CallToolResult> body) {
    Map<String, Object> meta = request.meta();
    @Nullable Object id = meta == null ? null : meta.get(REQUEST_ID);
    ToolContext.Control control =
        new ToolContext.Control(progress(exchange, request.progressToken()));
    ToolContext context =
        ToolContext.of(id == null ? "" : String.valueOf(id), attributes).withControl(control);
    @Nullable String key = exchange == null || id == null ? null : key(exchange.sessionId(), id);
    return Mono.create(
        sink -> {
          Running call = new Running(control, sink);
          if (key != null && running.putIfAbsent(key, call) == null) {
            String tracked = key;
            sink.onDispose(() -> running.remove(tracked, call));
          }
          Schedulers.boundedElastic().schedule(() -> call.run(body, context));
        });
  }

  /** Cancels the call {@code requestId} of {@code sessionId}, if it is running. */
  void cancel(@Nullable String sessionId, @Nullable JsonNode requestId) {
    if (requestId == null || !(requestId.isTextual() || requestId.isIntegralNumber())) {
      return;
    }
    Object id = requestId.isTextual() ? requestId.textValue() : (Object) requestId.asLong();
    if (sessionId == null && !oneSession) {
      return; // without a session, an id could name another client's call
    }
    Running call = running.remove(key(sessionId, id));
    if (call != null) {
      call.cancel();
    }
  }

  private String key(@Nullable String sessionId, Object id) {
    String idKey = id instanceof String text ? "\"" + text : String.valueOf(id);
    return oneSession || sessionId == null ? idKey : sessionId + "\n" + idKey;
  }

  private static ToolContext.ProgressListener progress(
      @Nullable McpAsyncServerExchange exchange, @Nullable Object token) {
    if (exchange == null || token == null) {
      return (done, total, message) -> {};
    }
    return (done, total, message) ->
        exchange
            .progressNotification(
                McpSchema.ProgressNotification.builder(token, done)
                    .total(total > 0 ? total : null)
                    .message(message)
                    .build())
            .block(PROGRESS_SEND_LIMIT);
  }

  /** One running call: its control, the thread running it, and where its result goes. */
  private static final class Running {
    private final ToolContext.Control control;
    private final MonoSink<McpSchema.CallToolResult> sink;
    private @Nullable Thread thread; // guarded by this

    Running(ToolContext.Control control, MonoSink<McpSchema.CallToolResult> sink) {
      this.control = control;
      this.sink = sink;
    }

    void run(Function<ToolContext, McpSchema.CallToolResult> body, ToolContext context) {
      synchronized (this) {
        if (control.isCancelled()) {
          return;
        }
        thread = Thread.currentThread();
      }
      McpSchema.CallToolResult result;
      try {
        result = body.apply(context);
      } catch (RuntimeException e) {
        sink.error(e);
        return;
      } finally {
        synchronized (this) {
          thread = null;
        }
        Thread.interrupted(); // a cancel's interrupt must not reach the pool's next task
      }
      if (!control.isCancelled()) {
        sink.success(result);
      }
    }

    void cancel() {
      control.cancel();
      synchronized (this) {
        if (thread != null) {
          thread.interrupt();
        }
      }
      sink.success(); // completes with nothing: no response is sent for a cancelled request
    }
  }
}
