package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The tool calls one session proxies to its server, each known by the progress token it sends in
 * {@code _meta}: the server's progress for a token goes to that call's {@link ToolContext}, and a
 * cancelled call sends {@code notifications/cancelled} with the JSON-RPC id its request went out
 * with. The SDK's client shows neither the id nor a way to cancel, so its transport tells this
 * class what it sends ({@link #sent}) and this class sends the cancellation through it.
 */
final class ProxiedCalls {

  private static final Logger LOG = System.getLogger(ProxiedCalls.class.getName());
  private static final String CANCELLED = "notifications/cancelled";

  private final AtomicLong tokens = new AtomicLong();
  private final Map<String, Call> calls = new ConcurrentHashMap<>();
  private volatile Function<McpSchema.JSONRPCMessage, Mono<Void>> send =
      message -> Mono.empty(); // until the transport is wrapped

  /** Wraps the session's transport, which from now on reports its requests and sends cancels. */
  McpClientTransport track(McpClientTransport transport) {
    send = transport::sendMessage;
    return new TrackedTransport(transport, this);
  }

  /** A new call with its unique progress token, for the request's {@code _meta}. */
  String open(ToolContext context) {
    String token = "toolsmith-" + tokens.incrementAndGet();
    calls.put(token, new Call(context));
    return token;
  }

  /** The call is over: its token is forgotten, late progress for it is dropped. */
  void close(String token) {
    calls.remove(token);
  }

  /** The server's progress: passed on to the call whose token it names. */
  Mono<Void> progress(McpSchema.ProgressNotification notification) {
    Object token = notification.progressToken();
    Call call = token == null ? null : calls.get(token.toString());
    if (call != null && notification.progress() != null) {
      Double total = notification.total();
      call.context.progress(
          notification.progress(), total == null ? 0 : total, notification.message());
    }
    return Mono.empty();
  }

  /** The transport sends {@code message}: a proxied {@code tools/call} gets its id recorded. */
  void sent(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest request
        && McpSchema.METHOD_TOOLS_CALL.equals(request.method())
        && request.params() instanceof McpSchema.CallToolRequest params
        && params.meta() != null
        && params.meta().get("progressToken") instanceof String token) {
      Call call = calls.get(token);
      if (call != null && call.sentAs(request.id())) {
        cancelUpstream(request.id()); // cancelled before the request went out
      }
    }
  }

  /** Cancels the call {@code token}: at once if its request went out, else as soon as it does. */
  void cancel(String token) {
    Call call = calls.get(token);
    Object id = call == null ? null : call.cancel();
    if (id != null) {
      cancelUpstream(id);
    }
  }

  private void cancelUpstream(Object requestId) {
    McpSchema.JSONRPCNotification cancel =
        new McpSchema.JSONRPCNotification(
            McpSchema.JSONRPC_VERSION,
            CANCELLED,
            Map.of("requestId", requestId, "reason", "the client cancelled the call"));
    send.apply(cancel)
        .subscribe(
            null,
            failure -> LOG.log(Level.DEBUG, () -> "sending " + CANCELLED + " failed: " + failure));
  }

  /** One call: its context, and the request id once sent; which of sent/cancel came second acts. */
  private static final class Call {
    final ToolContext context;
    private @Nullable Object requestId; // guarded by this
    private boolean cancelled; // guarded by this

    Call(ToolContext context) {
      this.context = context;
    }

    /** Records the id; true if the call was cancelled already, so the cancel must go now. */
    synchronized boolean sentAs(Object id) {
      requestId = id;
      return cancelled;
    }

    /** Marks the call cancelled; the id to cancel, or null while the request is not out. */
    synchronized @Nullable Object cancel() {
      if (cancelled) {
        return null;
      }
      cancelled = true;
      return requestId;
    }
  }
}
