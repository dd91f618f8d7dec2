package dev.toolsmith.mcp.client;

import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpStdio;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import io.modelcontextprotocol.modern.client.transport.McpTransportRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;

/**
 * The modern SDK client's stdio transport, over a {@link ProcessTransport}: each request is one
 * line, and its exchange gets its answer and the notifications that belong to it (its progress by
 * token, a {@code subscriptions/listen} stream's by subscription id). An exchange given up (a
 * timeout, the caller's cancel) sends {@code notifications/cancelled} for its id, as 2026-07-28
 * asks over stdio. The SDK's own stdio transport routes the same way, but it hands the server the
 * whole environment, holds stderr lines of any length and drops an oversized answer, leaving its
 * call to the timeout; over the process transport the server gets the minimal environment, its
 * stderr is bounded and an oversized answer is spilled or fails its call at once.
 */
final class ProcessExchanges implements McpClientTransport, ServerOutput.Inbox {

  private static final Logger LOG = System.getLogger(ProcessExchanges.class.getName());
  private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  private final String server;
  private final ProcessTransport process;
  private final Map<Object, Exchange> byId = new ConcurrentHashMap<>();
  private final Map<Object, Exchange> byProgressToken = new ConcurrentHashMap<>();
  private volatile boolean ended;

  ProcessExchanges(String server, ProcessTransport process) {
    this.server = server;
    this.process = process;
  }

  /** Reads the process's output into the exchanges from now on; returns this. */
  ProcessExchanges start() {
    process.receive(this);
    return this;
  }

  @Override
  public Flux<JsonRpc.JSONRPCMessage> exchange(McpTransportRequest request) {
    JsonRpc.JSONRPCRequest message = request.message();
    return request.withRoundTimeout(
        Flux.create(sink -> open(message, sink), FluxSink.OverflowStrategy.BUFFER));
  }

  private void open(JsonRpc.JSONRPCRequest message, FluxSink<JsonRpc.JSONRPCMessage> sink) {
    Exchange exchange = new Exchange(message.id(), message.method(), progressToken(message), sink);
    if (byId.putIfAbsent(McpStdio.idKey(message.id()), exchange) != null) {
      sink.error(new IllegalStateException("request id " + message.id() + " is still in flight"));
      return;
    }
    if (exchange.progressToken != null) {
      byProgressToken.put(McpStdio.idKey(exchange.progressToken), exchange);
    }
    sink.onCancel(
        () -> {
          if (forget(exchange)) {
            cancel(message.id());
          }
        });
    sink.onDispose(() -> forget(exchange));
    if (ended) {
      lost(exchange, new IOException("the server's output ended"));
      return;
    }
    process.send(message).subscribe(null, failure -> lost(exchange, failure));
  }

  private static @Nullable Object progressToken(JsonRpc.JSONRPCRequest message) {
    return message.params() instanceof Map<?, ?> params
            && params.get("_meta") instanceof Map<?, ?> meta
        ? meta.get("progressToken")
        : null;
  }

  /** Forgets {@code exchange}; true if it was still open, so this caller settles it. */
  private boolean forget(Exchange exchange) {
    boolean open = byId.remove(McpStdio.idKey(exchange.id), exchange);
    if (exchange.progressToken != null) {
      byProgressToken.remove(McpStdio.idKey(exchange.progressToken), exchange);
    }
    return open;
  }

  private void lost(Exchange exchange, Throwable cause) {
    if (forget(exchange)) {
      exchange.sink.error(new McpResponseLostException(exchange.method, cause));
    }
  }

  private void cancel(Object requestId) {
    JsonRpc.JSONRPCNotification cancelled =
        new JsonRpc.JSONRPCNotification(
            "notifications/cancelled",
            Map.of("requestId", requestId, "reason", "the client gave up the request"));
    process
        .send(cancelled)
        .subscribe(
            null,
            failure ->
                LOG.log(
                    Level.DEBUG,
                    () -> "MCP server '" + server + "': cancelling " + requestId + " failed",
                    failure));
  }

  @Override
  public void message(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCResponse response) {
      Exchange exchange = response.id() == null ? null : byId.get(McpStdio.idKey(response.id()));
      if (exchange == null || !forget(exchange)) {
        LOG.log(Level.DEBUG, () -> "MCP server '" + server + "': an answer to no open request");
        return;
      }
      try {
        exchange.sink.next(modern(response));
        exchange.sink.complete();
      } catch (IllegalArgumentException e) { // neither a result nor an error: no answer at all
        exchange.sink.error(new IllegalStateException("the server's answer is invalid", e));
      }
    } else if (message instanceof McpSchema.JSONRPCNotification notification) {
      Exchange exchange = owner(notification);
      if (exchange != null) {
        exchange.sink.next(
            new JsonRpc.JSONRPCNotification(notification.method(), notification.params()));
      }
    } else {
      LOG.log(Level.DEBUG, () -> "MCP server '" + server + "' sent a request; 2026-07-28 has none");
    }
  }

  /** The exchange a notification belongs to: its progress token's, or its subscription's. */
  private @Nullable Exchange owner(McpSchema.JSONRPCNotification notification) {
    if (!(notification.params() instanceof Map<?, ?> params)) {
      return null;
    }
    if (McpSchema.METHOD_NOTIFICATION_PROGRESS.equals(notification.method())) {
      Object token = params.get("progressToken");
      return token == null ? null : byProgressToken.get(McpStdio.idKey(token));
    }
    if (params.get("_meta") instanceof Map<?, ?> meta && meta.get(SUBSCRIPTION_ID) != null) {
      Exchange exchange = byId.get(McpStdio.idKey(meta.get(SUBSCRIPTION_ID)));
      return exchange != null && "subscriptions/listen".equals(exchange.method) ? exchange : null;
    }
    return null;
  }

  private static JsonRpc.JSONRPCResponse modern(McpSchema.JSONRPCResponse response) {
    McpSchema.JSONRPCResponse.JSONRPCError error = response.error();
    return new JsonRpc.JSONRPCResponse(
        JsonRpc.JSONRPC_VERSION,
        response.id(),
        response.result(),
        error == null
            ? null
            : new JsonRpc.JSONRPCResponse.JSONRPCError(
                error.code(), error.message(), error.data()));
  }

  /** The output ended (the process is gone): every open request fails now, not at its timeout. */
  @Override
  public void ended() {
    ended = true;
    for (Exchange exchange : List.copyOf(byId.values())) {
      lost(exchange, new IOException("the server's output ended"));
    }
  }

  /** One request in flight: its id, its method, its progress token, and where its messages go. */
  private record Exchange(
      Object id,
      String method,
      @Nullable Object progressToken,
      FluxSink<JsonRpc.JSONRPCMessage> sink) {}
}
