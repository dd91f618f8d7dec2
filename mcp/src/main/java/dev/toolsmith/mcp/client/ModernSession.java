package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.ImplementationInfo;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpAsyncClient;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.SubscriptionEvent;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * A 2026-07-28 session, on the SDK's modern client: no handshake (every request carries the version
 * and client info in {@code _meta}), {@code tools/list} read with its caching hints, progress by
 * the token the SDK puts in each call's {@code _meta}, a call given up by cancelling its exchange
 * (stdio: {@code notifications/cancelled}; HTTP: its stream closed). Tool changes come over a
 * {@code subscriptions/listen} stream when the server announces them ({@code tools.listChanged}),
 * opened again with backoff when it is lost. Input the server asks for during a call ({@code
 * input_required}: elicitation, sampling) is not given; the call fails with what was asked.
 */
final class ModernSession extends ClientSession {

  /** The revision this session speaks. */
  static final String VERSION = McpSchema.LATEST_PROTOCOL_VERSION;

  private static final Logger LOG = System.getLogger(ModernSession.class.getName());

  /** The longest a connect waits for a listen stream's acknowledgement before listing anyway. */
  private static final Duration ACK_WAIT = Duration.ofSeconds(5);

  private final McpAsyncClient client;
  private final McpSchema.DiscoverResult discovered;
  private final SessionOpener.Setup setup;
  private final AtomicInteger listenFailures = new AtomicInteger();
  private volatile boolean following; // a listen stream for tool changes is acknowledged
  private volatile boolean closed;
  private volatile @Nullable Disposable stream;

  ModernSession(
      McpAsyncClient client,
      McpSchema.DiscoverResult discovered,
      @Nullable ProcessTransport process,
      SessionOpener.Setup setup) {
    super(process);
    this.client = client;
    this.discovered = discovered;
    this.setup = setup;
  }

  /** The modern SDK client over {@code transport}; its own time limit stays behind ours. */
  static McpAsyncClient client(McpClientTransport transport, McpServerConfig config) {
    return McpClient.async(transport)
        .clientInfo(
            McpSchema.Implementation.builder(ImplementationInfo.NAME, ImplementationInfo.VERSION)
                .build())
        .jsonMapper(McpJson.SDK)
        .roundTimeout(config.timeout().plus(config.connectTimeout()))
        .build();
  }

  @Override
  String protocolVersion() {
    return VERSION;
  }

  /**
   * Follows the server's tool changes, when it announces them: opens {@code subscriptions/listen}
   * and waits up to {@code timeout} for its acknowledgement, so a listing made after this misses no
   * change. A server that refuses the stream is listed again only when its listing is stale.
   */
  void follow(Duration timeout) {
    McpSchema.ServerCapabilities.Tools tools = discovered.capabilities().tools();
    if (tools == null || !Boolean.TRUE.equals(tools.listChanged())) {
      return;
    }
    CompletableFuture<Void> acknowledged = new CompletableFuture<>();
    listen(acknowledged, false);
    try {
      acknowledged.get(Math.min(timeout.toMillis(), ACK_WAIT.toMillis()), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) { // the stream goes on trying on its own
      LOG.log(Level.DEBUG, () -> "MCP server '" + name() + "': no listen acknowledgement yet");
    }
  }

  private void listen(CompletableFuture<Void> acknowledged, boolean again) {
    if (closed) {
      return;
    }
    stream =
        client
            .listen()
            .toolsChanged()
            .events()
            .subscribe(
                event -> {
                  if (event instanceof SubscriptionEvent.Subscribed subscribed) {
                    following = subscribed.honoured().wantsToolsListChanged();
                    listenFailures.set(0);
                    acknowledged.complete(null);
                    if (again) { // changes made while the stream was down were not announced
                      setup.events().toolsChanged(this, null);
                    }
                  } else if (event instanceof SubscriptionEvent.ToolsListChanged) {
                    setup.events().toolsChanged(this, null);
                  }
                },
                failure -> ended(failure, acknowledged),
                () -> ended(null, acknowledged));
  }

  /** The stream ended: opened again with backoff, unless the server refused it. */
  @SuppressWarnings("FutureReturnValueIgnored") // the timer only hands the work on
  private void ended(@Nullable Throwable failure, CompletableFuture<Void> acknowledged) {
    following = false;
    acknowledged.complete(null);
    if (closed) {
      return;
    }
    if (failure instanceof McpException refused) {
      LOG.log(
          Level.DEBUG,
          () ->
              "MCP server '" + name() + "' refused subscriptions/listen: " + refused.getMessage());
      return;
    }
    if (failure != null) { // the one request always open: its loss may be the server's
      setup.events().failed(this, "its listen stream failed: " + Reasons.describe(failure));
    }
    int attempt = listenFailures.getAndIncrement();
    long base = setup.settings().restartBackoff().toMillis();
    long delay =
        Math.min(setup.settings().maxRestartBackoff().toMillis(), base << Math.min(attempt, 16));
    LOG.log(
        Level.DEBUG,
        () -> "MCP server '" + name() + "': listen stream ended; again in " + delay + " ms");
    setup
        .scheduler()
        .schedule(
            () -> setup.worker().execute(() -> listen(new CompletableFuture<>(), true)),
            delay,
            TimeUnit.MILLISECONDS);
  }

  @Override
  boolean followsChanges() {
    return following;
  }

  @Override
  Page page(@Nullable String cursor, Duration timeout) {
    McpSchema.ListToolsResult result =
        client.tools().cursor(cursor).roundTimeout(timeout).list().block(timeout);
    if (result == null) {
      return new Page(List.of(), null, 0L);
    }
    return new Page(
        result.tools().stream().map(ModernSession::legacyForm).toList(),
        result.nextCursor(),
        result.ttlMs());
  }

  @Override
  Mono<io.modelcontextprotocol.spec.McpSchema.CallToolResult> call(
      String raw, Map<String, Object> arguments, ToolContext context) {
    return client
        .tool(raw)
        .arguments(arguments)
        .meta(context.traceHeaders())
        .progress(
            progress -> {
              Double total = progress.total();
              context.progress(progress.progress(), total == null ? 0 : total, progress.message());
              return Mono.empty();
            })
        .call()
        .map(ModernSession::legacyForm);
  }

  @Override
  boolean ping() {
    try {
      client.tools().roundTimeout(Duration.ofSeconds(2)).list().block(Duration.ofSeconds(2));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  void closeClient() {
    closed = true;
    following = false;
    Disposable open = stream;
    if (open != null) {
      open.dispose(); // the server is told, as a cancel of the listen request
    }
  }

  private String name() {
    return setup.config().name();
  }

  /** A modern tool in the legacy SDK's type: the same JSON, read by the rest of the client. */
  static io.modelcontextprotocol.spec.McpSchema.Tool legacyForm(McpSchema.Tool tool) {
    return McpJson.MAPPER.convertValue(tool, io.modelcontextprotocol.spec.McpSchema.Tool.class);
  }

  static io.modelcontextprotocol.spec.McpSchema.CallToolResult legacyForm(
      McpSchema.CallToolResult result) {
    return McpJson.MAPPER.convertValue(
        result, io.modelcontextprotocol.spec.McpSchema.CallToolResult.class);
  }
}
