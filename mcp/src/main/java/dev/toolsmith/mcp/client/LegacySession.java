package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.ImplementationInfo;
import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A session of the revisions up to 2025-11-25, on the SDK's classic client: opened with {@code
 * initialize}, its {@code tools/list_changed} announcements handed on with the list the SDK fetched
 * again, progress matched to calls by the token each sends, a cancel sent as {@code
 * notifications/cancelled} with the id its request went out with ({@link ProxiedCalls}).
 */
final class LegacySession extends ClientSession {

  private final McpAsyncClient client;
  private final ProxiedCalls proxied = new ProxiedCalls();

  /** A session over {@code transport}, not yet initialized; {@code events} hears of changes. */
  LegacySession(
      McpServerConfig config,
      McpClientTransport transport,
      @Nullable ProcessTransport process,
      SessionEvents events) {
    super(process);
    this.client =
        McpClient.async(proxied.track(transport))
            // the SDK's own limit stays behind ours, so ours gives the message
            .requestTimeout(config.timeout().plus(config.connectTimeout()))
            .initializationTimeout(config.connectTimeout())
            .clientInfo(
                McpSchema.Implementation.builder(
                        ImplementationInfo.NAME, ImplementationInfo.VERSION)
                    .build())
            .toolsChangeConsumer(tools -> Mono.fromRunnable(() -> events.toolsChanged(this, tools)))
            .progressConsumer(proxied::progress)
            .build();
  }

  /**
   * Initializes the session within {@code timeout}; a process that exits meanwhile fails it at
   * once. On failure the session is closed and the exception says why.
   */
  LegacySession initialize(Duration timeout) {
    Mono<McpSchema.InitializeResult> initialize = client.initialize();
    if (process != null) {
      initialize = SessionOpener.orExit(initialize, process);
    }
    try {
      initialize.block(timeout);
      return this;
    } catch (RuntimeException e) {
      String exit = process == null ? null : SessionOpener.exitedWhileConnecting(process, e);
      if (exit != null) {
        close();
        throw new IllegalStateException(exit, e);
      }
      close();
      throw new IllegalStateException(
          Reasons.root(e) instanceof TimeoutException
              ? "did not initialize within " + Reasons.seconds(timeout)
              : "could not initialize: " + Reasons.describe(e),
          e);
    }
  }

  @Override
  String protocolVersion() {
    McpSchema.InitializeResult initialized = client.getCurrentInitializationResult();
    return initialized == null ? "" : initialized.protocolVersion();
  }

  @Override
  Page page(@Nullable String cursor, Duration timeout) {
    McpSchema.ListToolsResult result = client.listTools(cursor).block(timeout);
    if (result == null) {
      return new Page(List.of(), null, null);
    }
    return new Page(result.tools() == null ? List.of() : result.tools(), result.nextCursor(), null);
  }

  @Override
  Mono<McpSchema.CallToolResult> call(
      String raw, Map<String, Object> arguments, ToolContext context) {
    return Mono.defer(
        () -> {
          String token = proxied.open(context);
          Map<String, Object> meta = new HashMap<>(context.traceHeaders());
          meta.put("progressToken", token);
          McpSchema.CallToolRequest request =
              McpSchema.CallToolRequest.builder(raw).arguments(arguments).meta(meta).build();
          return client
              .callTool(request)
              .doOnCancel(() -> proxied.cancel(token)) // the server is told to stop
              .doFinally(signal -> proxied.close(token));
        });
  }

  @Override
  boolean ping() {
    try {
      client.ping().block(Duration.ofSeconds(2));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  boolean followsChanges() {
    return true;
  }

  @Override
  void closeClient() {
    try {
      client.closeGracefully().block(Duration.ofSeconds(5));
    } catch (RuntimeException e) {
      client.close();
    }
  }
}
