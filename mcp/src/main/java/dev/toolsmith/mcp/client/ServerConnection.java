package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.availability.ExplainedCheck;
import dev.toolsmith.runtime.spi.ToolSink;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
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
import org.jspecify.annotations.Nullable;

/**
 * One MCP server's connection and its tools in the registry: opens a session in the server's era
 * (probed once, then remembered; probed again after a failed reconnect), lists the tools on connect
 * and when they change ({@link ToolRefresh}), has them called through {@link ServerCalls}, and when
 * the connection is lost (a stdio server exits, an HTTP server stops answering) reconnects with
 * backoff while the server's toolset shows as unavailable.
 */
final class ServerConnection implements AutoCloseable, SessionEvents {

  private static final Logger LOG = System.getLogger(ServerConnection.class.getName());

  private final McpServerConfig config;
  private final McpClients.Settings settings;
  private final ScheduledExecutorService scheduler; // timers only: never blocked
  private final ExecutorService worker; // blocking work: pings, reconnects, listings, closing
  private final CircuitBreaker breaker;
  private final ServerCalls calls;
  private final SessionOpener.Setup setup;
  private final ServerTools tools;
  private final ToolRefresh refresh;
  private final ToolSink sink;
  private final Object lock = new Object();
  private final AtomicInteger reconnects = new AtomicInteger();
  private final AtomicInteger listChanges = new AtomicInteger();

  private volatile @Nullable ClientSession session;
  private volatile @Nullable Era era; // the server's, once a session opened
  private volatile boolean connected;
  private volatile boolean closed;
  private boolean opening; // guarded by lock: a session is being opened
  private boolean changedWhileOpening; // guarded by lock
  private boolean reconnecting; // guarded by lock

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
    this.sink = sink;
    this.breaker =
        new CircuitBreaker(settings.failureThreshold(), settings.coolDown(), System::nanoTime);
    this.calls = new ServerCalls(config, breaker, scheduler, this::liveSession, this::failed);
    this.setup = new SessionOpener.Setup(config, settings, scheduler, worker, this);
    this.tools = new ServerTools(config, sink, this::call, new ConnectedCheck());
    this.refresh = new ToolRefresh(config.name(), worker, this::relist);
  }

  McpServerConfig config() {
    return config;
  }

  /** Connects, lists the tools and registers them; throws when the server cannot be reached. */
  void connect() throws Exception {
    relistIfChanged(openListed());
  }

  /** A new session, its tools listed and registered; throws when that fails or this closed. */
  private ClientSession openListed() throws Exception {
    ClientSession opened = open();
    try {
      ClientSession.Listing listing = opened.listTools(config.connectTimeout());
      synchronized (lock) {
        if (closed) {
          throw new IllegalStateException("closed while connecting");
        }
        session = opened;
        connected = true;
        reconnecting = false;
        tools.apply(listing.tools());
        refresh.listed(listing);
      }
      return opened;
    } catch (Exception e) {
      opened.close();
      throw e;
    }
  }

  /** A new session, in the era remembered or probed; changes announced meanwhile count. */
  private ClientSession open() {
    synchronized (lock) {
      opening = true;
      changedWhileOpening = false;
    }
    try {
      ClientSession opened = SessionOpener.open(setup, era);
      era = opened instanceof ModernSession ? Era.MODERN : Era.LEGACY;
      return opened;
    } catch (RuntimeException e) {
      era = null; // what was remembered may be what failed: the next attempt probes again
      synchronized (lock) {
        opening = false;
      }
      throw e;
    }
  }

  /** Lists the tools again when a change was announced while {@code opened} was being opened. */
  private void relistIfChanged(ClientSession opened) {
    synchronized (lock) {
      opening = false;
      if (!changedWhileOpening) {
        return;
      }
      changedWhileOpening = false;
    }
    try {
      relist(opened);
    } catch (RuntimeException e) { // the next change will bring it
      LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "': listing again failed", e);
    }
  }

  private void relist(ClientSession from) {
    ClientSession.Listing listing = from.listTools(config.connectTimeout());
    applyFrom(from, listing);
  }

  private void applyFrom(ClientSession from, ClientSession.Listing listing) {
    synchronized (lock) {
      if (!closed && session == from) {
        tools.apply(listing.tools());
        refresh.listed(listing);
        listChanges.incrementAndGet();
      }
    }
  }

  @Override
  public void toolsChanged(ClientSession from, @Nullable List<McpSchema.Tool> listed) {
    synchronized (lock) {
      if (closed) {
        return;
      }
      if (from != session) { // the session being opened (its first listing may predate this)
        changedWhileOpening |= opening; // or a replaced session's late notification
        return;
      }
    }
    LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "' changed its tools");
    if (listed != null) {
      applyFrom(from, new ClientSession.Listing(listed, null, System.nanoTime()));
    } else {
      refresh.changed(from);
    }
  }

  /**
   * Calls the server's tool {@code raw}; the stage always completes, with a result or a {@link
   * ToolFailureException}.
   */
  CompletionStage<String> call(String raw, String argumentsJson, ToolContext context) {
    if (closed) {
      return CompletableFuture.failedFuture(
          ToolFailureException.unavailable("MCP server '" + config.name() + "' is closed"));
    }
    return calls.call(raw, argumentsJson, context);
  }

  /** The session calls go to: the current one while connected, else null. */
  private @Nullable ClientSession liveSession() {
    ClientSession current = session;
    return connected ? current : null;
  }

  @Override
  public void failed(ClientSession session, String reason) {
    worker.execute(() -> lost(session, reason, session.process == null));
  }

  @Override
  public void lost(@Nullable ClientSession dead, String reason) {
    lost(dead, reason, false);
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
    dead.failCalls("MCP server '" + config.name() + "' " + reason + " during the call", true);
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
    ClientSession opened;
    try {
      opened = openListed();
    } catch (Exception e) {
      if (closed) {
        return;
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
    relistIfChanged(opened);
  }

  /** Whether the server is connected: the check of its toolset. */
  boolean isConnected() {
    return connected && !closed;
  }

  /**
   * The check of the server's tools: connected, or why not; a listing is when the list is needed.
   */
  private final class ConnectedCheck implements ExplainedCheck {
    @Override
    public boolean getAsBoolean() {
      ClientSession current = session;
      boolean up = isConnected();
      if (up && current != null) {
        refresh.needed(current);
      }
      return up;
    }

    @Override
    public String unavailableReason() {
      return "MCP server '" + config.name() + (closed ? "' is closed" : "' is not connected");
    }
  }

  /** The protocol version of the current session, or the empty string while there is none. */
  String protocolVersion() {
    ClientSession current = session;
    return current == null ? "" : current.protocolVersion();
  }

  /** How many times the connection was re-established after being lost. */
  int reconnects() {
    return reconnects.get();
  }

  /** How many changed lists of the server's tools were applied after the first. */
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
      current.failCalls("MCP server '" + config.name() + "' was closed during the call", false);
      current.close();
    }
  }
}
