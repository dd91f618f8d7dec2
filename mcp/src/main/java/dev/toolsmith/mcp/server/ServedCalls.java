package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.runtime.tool.ToolSessions;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.core.scheduler.Schedulers;

/**
 * The tool calls a served registry is running, so that a client can cancel them: a cancelled call's
 * {@link ToolContext} says so, its thread is interrupted (an async tool's future is cancelled by
 * the registry), and no response is sent for it. A call whose request carried a progress token
 * sends the tool's progress as {@code notifications/progress}.
 *
 * <p>Legacy: the SDK's server hands a tool handler neither the JSON-RPC id nor cancellations, so
 * {@link ServingJson} puts the id into the request's {@code _meta} under {@link #REQUEST_ID}, and
 * the transport layer (the stdio gate, the HTTP front door) passes cancellations to {@link
 * #cancel}. Modern: the SDK's transport cancels by disposing of the call (stdio's {@code
 * notifications/cancelled}, or a closed HTTP response stream).
 *
 * <p>Each call's context carries the way to ask its client for approval ({@link ClientApproval})
 * and, in a legacy session, that session's {@link ToolSession}: the guards' approvals, budgets and
 * loop guard count across its calls. A stateless legacy call and every 2026-07-28 request get a
 * session of their own (the registry makes one per call): nothing carries over between them.
 */
final class ServedCalls {

  /** Where {@link ServingJson} puts a {@code tools/call}'s JSON-RPC id in the request's meta. */
  static final String REQUEST_ID = "dev.toolsmith/jsonrpcId";

  private static final Duration PROGRESS_SEND_LIMIT = Duration.ofSeconds(5);

  /** Over stdio there is one session, and cancellations do not name it. */
  private final boolean oneSession;

  /** What every call's context carries: MCP requests carry no attributes of their own. */
  private final Map<String, Object> attributes;

  private final ConcurrentMap<String, Running<?>> running = new ConcurrentHashMap<>();

  /** Sessions remembered at most: the SDK closes sessions without telling, so the oldest go. */
  static final int MAX_SESSIONS = 10_000;

  /** The legacy sessions' state (the guards'), by session id; least recently used first. */
  private final ToolSessions<String> sessions = new ToolSessions<>(MAX_SESSIONS);

  ServedCalls(boolean oneSession, Map<String, Object> attributes) {
    this.oneSession = oneSession;
    this.attributes = attributes;
  }

  /**
   * Runs a legacy call's {@code body} on a worker thread with a context the client can cancel; the
   * result, or nothing once cancelled. Without an exchange (a stateless server) the call can be
   * neither cancelled nor report progress.
   */
  <T> Mono<T> legacy(
      @Nullable McpAsyncServerExchange exchange,
      McpSchema.CallToolRequest request,
      Function<ToolContext, T> body) {
    Map<String, Object> meta = request.meta();
    @Nullable Object id = meta == null ? null : meta.get(REQUEST_ID);
    @Nullable String key = exchange == null || id == null ? null : key(exchange.sessionId(), id);
    return run(
        id == null ? "" : String.valueOf(id),
        progress(exchange, request.progressToken()),
        key,
        session(exchange),
        ClientApproval.legacy(exchange),
        body);
  }

  /**
   * Runs a modern call's {@code body} on a worker thread; disposing of the answer cancels it,
   * {@code progress} gets the tool's progress and {@code asker} asks for approvals.
   */
  <T> Mono<T> modern(
      Object requestId,
      ToolContext.ProgressListener progress,
      ApprovalHandler asker,
      Function<ToolContext, T> body) {
    return run(String.valueOf(requestId), progress, null, null, asker, body);
  }

  /**
   * The state (the guards') of the legacy session {@code sessionId}, the one session over stdio;
   * null without a session.
   */
  @Nullable ToolSession session(@Nullable String sessionId) {
    String id = oneSession ? "" : sessionId;
    if (id == null) {
      return null;
    }
    return sessions.of(id);
  }

  /** The state of {@code exchange}'s session; null (one per call) without a session. */
  private @Nullable ToolSession session(@Nullable McpAsyncServerExchange exchange) {
    return exchange == null ? null : session(exchange.sessionId());
  }

  private <T> Mono<T> run(
      String id,
      ToolContext.ProgressListener progress,
      @Nullable String key,
      @Nullable ToolSession session,
      ApprovalHandler asker,
      Function<ToolContext, T> body) {
    ToolContext.Control control = new ToolContext.Control(progress);
    Map<String, Object> withAsker = new HashMap<>(attributes);
    withAsker.put(ApprovalHandler.ATTRIBUTE, asker);
    ToolContext called = ToolContext.of(id, withAsker).withControl(control);
    ToolContext context = session == null ? called : called.withSession(session);
    return Mono.create(
        sink -> {
          Running<T> call = new Running<>(control, sink);
          if (key != null && running.putIfAbsent(key, call) == null) {
            sink.onDispose(() -> running.remove(key, call));
          }
          sink.onCancel(call::stop);
          Schedulers.boundedElastic().schedule(() -> call.run(body, context));
        });
  }

  /** Cancels the legacy call {@code requestId} of {@code sessionId}, if it is running. */
  void cancel(@Nullable String sessionId, @Nullable JsonNode requestId) {
    if (requestId == null || !(requestId.isTextual() || requestId.isIntegralNumber())) {
      return;
    }
    Object id = requestId.isTextual() ? requestId.textValue() : (Object) requestId.asLong();
    if (sessionId == null && !oneSession) {
      return; // without a session, an id could name another client's call
    }
    Running<?> call = running.remove(key(sessionId, id));
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
  private static final class Running<T> {
    private final ToolContext.Control control;
    private final MonoSink<T> sink;
    private @Nullable Thread thread; // guarded by this

    Running(ToolContext.Control control, MonoSink<T> sink) {
      this.control = control;
      this.sink = sink;
    }

    void run(Function<ToolContext, T> body, ToolContext context) {
      synchronized (this) {
        if (control.isCancelled()) {
          return;
        }
        thread = Thread.currentThread();
      }
      T result;
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

    /** Cancels the tool: its context says so and its thread is interrupted. */
    void stop() {
      control.cancel();
      synchronized (this) {
        if (thread != null) {
          thread.interrupt();
        }
      }
    }

    /** Cancels the call: the tool stops, and the answer completes with nothing (none is sent). */
    void cancel() {
      stop();
      sink.success();
    }
  }
}
