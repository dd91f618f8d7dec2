package dev.toolsmith.mcp.client;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/** A client transport that tells {@link ProxiedCalls} each message it sends, then sends it. */
final class TrackedTransport implements McpClientTransport {

  private final McpClientTransport delegate;
  private final ProxiedCalls calls;

  TrackedTransport(McpClientTransport delegate, ProxiedCalls calls) {
    this.delegate = delegate;
    this.calls = calls;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return delegate.connect(handler);
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    delegate.setExceptionHandler(handler);
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    // Deferred: the id is recorded when the message goes out, not when the Mono is made.
    return Mono.defer(
        () -> {
          calls.sent(message);
          return delegate.sendMessage(message);
        });
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return delegate.unmarshalFrom(data, type);
  }

  @Override
  public List<String> protocolVersions() {
    return delegate.protocolVersions();
  }

  @Override
  public void close() {
    delegate.close();
  }

  @Override
  public Mono<Void> closeGracefully() {
    return delegate.closeGracefully();
  }
}
