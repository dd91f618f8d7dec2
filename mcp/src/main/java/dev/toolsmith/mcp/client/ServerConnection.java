package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.ImplementationInfo;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.availability.ExplainedCheck;
import dev.toolsmith.runtime.spi.ToolSink;
import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * One MCP server's connection and its tools in the registry: lists them on connect and on {@code
 * tools/list_changed}, has them called through {@link ServerCalls}, and when the connection is lost
 * (a stdio server exits, an HTTP server stops answering) reconnects with backoff while the server's
 * toolset shows as unavailable.
 */
final class ServerConnection implements AutoCloseable {

  private static final Logger LOG = System.getLogger(ServerConnection.class.getName());

  private final McpServerConfig config;
  private final McpClients.Settings settings;
  private final ScheduledExecutorService scheduler; // timers only: never blocked
  private final ExecutorService worker; // blocking work: pings, reconnects, closing
  private final CircuitBreaker breaker;
  private final ServerCalls calls;
  private final Object lock = new Object();

  private volatile @Nullable ClientSession session;
  private @Nullable ClientSession pending; // connecting; guarded by lock
  private boolean changedWhileConnecting; // guarded by lock
  private volatile boolean connected;
  private volatile boolean closed;
  private boolean reconnecting; // guarded by lock
  private final ServerTools tools;
  private final ToolSink sink;
  private final AtomicInteger reconnects = new AtomicInteger();
  private final AtomicInteger listChanges = new AtomicInteger();

  ServerConnection(
      McpServerConfig config,
      ToolSink sink,
      McpClients.Settings settings,
      ScheduledExecutorService scheduler,
      ExecutorService worker) {
    this.config = config;
    this.settings = settings;
    this.scheduler = scheduler;
    this.worker = worker;
    this.breaker =
        new CircuitBreaker(settings.failureThreshold(), settings.coolDown(), System::nanoTime);
    this.calls =
        new ServerCalls(
            config,
            breaker,
            scheduler,
            this::liveSession,
            (failed, reason) -> worker.execute(() -> lost(failed, reason, failed.process == null)));
    this.sink = sink;
    this.tools = new ServerTools(config, sink, this::call, new ConnectedCheck());
  }

  McpServerConfig config() {
    return config;
  }

  /** Connects, lists the tools and registers them; throws when the server cannot be reached. */
  void connect() throws Exception {
    ClientSession opened = open();
    List<McpSchema.Tool> tools;
    try {
      tools = opened.listTools(config.connectTimeout());
    } catch (Exception e) {
      opened.close();
      throw e;
    }
    synchronized (lock) {
      if (closed) {
        opened.close();
        throw new IllegalStateException("closed while connecting");
      }
      session = opened;
      connected = true;
      this.tools.apply(tools);
    }
    relistQuietly(opened);
  }

  private void relistQuietly(ClientSession opened) {
    try {
      relistIfChanged(opened);
    } catch (RuntimeException e) { // the next list_changed will bring the change
      LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "': listing again failed", e);
    }
  }

  /** Lists the tools again when {@code tools/list_changed} came while {@code opened} connected. */
  private void relistIfChanged(ClientSession opened) {
    synchronized (lock) {
      if (pending != opened) {
        return;
      }
      pending = null;
      if (!changedWhileConnecting) {
        return;
      }
      changedWhileConnecting = false;
    }
    List<McpSchema.Tool> tools = opened.listTools(config.connectTimeout());
    synchronized (lock) {
      if (!closed && session == opened) {
        this.tools.apply(tools);
        listChanges.incrementAndGet();
      }
    }
  }

  /** A new session, initialized; it is pending until installed, so changes meanwhile count. */
  private ClientSession open() {
    AtomicReference<ClientSession> self = new AtomicReference<>();
    ProcessTransport process =
        config.transport() == McpServerConfig.Transport.STDIO
            ? ClientTransports.process(config, reason -> lost(self.get(), reason, false))
            : null;
    McpClientTransport transport = process != null ? process : ClientTransports.http(config);
    ProxiedCalls proxied = new ProxiedCalls();
    McpAsyncClient client =
        McpClient.async(proxied.track(transport))
            // the SDK's own limit stays behind ours, so ours gives the message
            .requestTimeout(config.timeout().plus(config.connectTimeout()))
            .initializationTimeout(config.connectTimeout())
            .clientInfo(
                McpSchema.Implementation.builder(
                        ImplementationInfo.NAME, ImplementationInfo.VERSION)
                    .build())
            .toolsChangeConsumer(tools -> Mono.fromRunnable(() -> toolsChanged(self.get(), tools)))
            .progressConsumer(proxied::progress)
            .build();
    ClientSession opened = new ClientSession(client, process, proxied);
    self.set(opened);
    synchronized (lock) {
      pending = opened;
      changedWhileConnecting = false;
    }
    opened.initialize(config);
    return opened;
  }

  /** The SDK fetched the list again after {@code tools/list_changed}. */
  private void toolsChanged(@Nullable ClientSession from, List<McpSchema.Tool> tools) {
    synchronized (lock) {
      if (closed || from == null) {
        return;
      }
      if (from == pending) {
        // Our first listing may predate this change: list again once the session is installed.
        changedWhileConnecting = true;
        return;
      }
      if (from != session) {
        return; // a replaced session's late notification
      }
      LOG.log(
          Level.DEBUG,
          () -> "MCP server '" + config.name() + "' changed its tools: " + tools.size());
      this.tools.apply(tools);
      listChanges.incrementAndGet();
    }
  }

  /** Calls the server's tool {@code raw}; the stage always completes, with a result or an error. */
  CompletionStage<String> call(String raw, String argumentsJson, ToolContext context) {
    if (closed) {
      return CompletableFuture.completedFuture(
          McpJson.error("MCP server '" + config.name() + "' is closed"));
    }
    return calls.call(raw, argumentsJson, context);
  }

  /** The session calls go to: the current one while connected, else null. */
  private @Nullable ClientSession liveSession() {
    ClientSession current = session;
    return connected ? current : null;
  }

  /**
   * The connection {@code dead} is gone (its process exited, or a call hit a transport error):
   * fails its calls in flight now rather than at their timeouts, and reconnects with backoff.
   */
  private void lost(@Nullable ClientSession dead, String reason, boolean verify) {
    // Over HTTP one failed call does not prove the server gone: ask it before tearing down.
    if (closed || dead == null || dead != session || (verify && dead.ping())) {
      return;
    }
    synchronized (lock) {
      if (closed || dead != session || reconnecting) {
        return;
      }
      connected = false;
      reconnecting = true;
    }
    // Cached verdicts (and the grace after the last success) would keep the dead tools listed.
    sink.availabilityChanged();
    LOG.log(
        Level.WARNING,
        () -> "MCP server '" + config.name() + "' lost: " + reason + "; reconnecting");
    dead.failCalls(
        McpJson.error("MCP server '" + config.name() + "' " + reason + " during the call"),
        breaker::failure);
    worker.execute(dead::close);
    scheduleReconnect(0);
  }

  // The timer's task only hands reconnect to the worker, which refuses it only once closed.
  @SuppressWarnings("FutureReturnValueIgnored")
  private void scheduleReconnect(int attempt) {
    long base = settings.restartBackoff().toMillis();
    long delay = Math.min(settings.maxRestartBackoff().toMillis(), base << Math.min(attempt, 16));
    scheduler.schedule(
        () -> worker.execute(() -> reconnect(attempt)), delay, TimeUnit.MILLISECONDS);
  }

  private void reconnect(int attempt) {
    if (closed) {
      return;
    }
    ClientSession opened = null;
    try {
      opened = open();
      List<McpSchema.Tool> tools = opened.listTools(config.connectTimeout());
      synchronized (lock) {
        if (closed) {
          opened.close();
          return;
        }
        session = opened;
        this.tools.apply(tools);
        connected = true;
        reconnecting = false;
      }
    } catch (Exception e) {
      if (opened != null) {
        opened.close();
      }
      LOG.log(
          Level.DEBUG,
          () ->
              "MCP server '"
                  + config.name()
                  + "' reconnect "
                  + (attempt + 1)
                  + " failed: "
                  + Reasons.describe(e));
      scheduleReconnect(attempt + 1);
      return;
    }
    reconnects.incrementAndGet();
    breaker.success();
    sink.availabilityChanged();
    LOG.log(Level.INFO, () -> "MCP server '" + config.name() + "' reconnected");
    relistQuietly(session);
  }

  /** Whether the server is connected: the check of its toolset. */
  boolean isConnected() {
    return connected && !closed;
  }

  /** The check of the server's tools: connected, or why not. */
  private final class ConnectedCheck implements ExplainedCheck {
    @Override
    public boolean getAsBoolean() {
      return isConnected();
    }

    @Override
    public String unavailableReason() {
      return "MCP server '" + config.name() + (closed ? "' is closed" : "' is not connected");
    }
  }

  /** How many times the connection was re-established after being lost. */
  int reconnects() {
    return reconnects.get();
  }

  /** How many {@code tools/list_changed} notifications were applied. */
  int listChanges() {
    return listChanges.get();
  }

  /** The registry names of the server's registered tools, sorted. */
  List<String> toolNames() {
    return tools.names();
  }

  /** The name collisions of the last listing. */
  List<String> collisions() {
    return tools.collisions();
  }

  /** The running process of a stdio server, for tests. */
  @Nullable Process process() {
    ClientSession current = session;
    return current == null || current.process == null ? null : current.process.process();
  }

  /** The last lines a stdio server's process wrote to stderr, for tests. */
  List<String> stderrLines() {
    ClientSession current = session;
    return current == null || current.process == null ? List.of() : current.process.stderrLines();
  }

  /** Closes the connection; the tools stay registered and answer with an error. */
  @Override
  public void close() {
    ClientSession current;
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      connected = false;
      current = session;
    }
    sink.availabilityChanged();
    if (current != null) {
      current.failCalls(
          McpJson.error("MCP server '" + config.name() + "' was closed during the call"), () -> {});
      current.close();
    }
  }
}
