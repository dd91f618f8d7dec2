package dev.toolsmith.mcp;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * One MCP server's connection and its tools in the registry: lists them on connect and on
 * {@code tools/list_changed}, calls them with a per-call timeout behind a circuit breaker, and when
 * the connection is lost (a stdio server exits, an HTTP server stops answering) reconnects with
 * backoff while the server's toolset shows as unavailable.
 */
final class ServerConnection implements AutoCloseable {

  private static final Logger LOG = System.getLogger(ServerConnection.class.getName());
  private static final int MAX_PAGES = 100;

  private final McpServerConfig config;
  private final McpClients.Settings settings;
  private final ScheduledExecutorService scheduler; // timers only: never blocked
  private final ExecutorService worker; // blocking work: pings, reconnects, closing
  private final CircuitBreaker breaker;
  private final Object lock = new Object();

  private volatile Session session;
  private Session pending; // connecting; guarded by lock
  private boolean changedWhileConnecting; // guarded by lock
  private volatile boolean connected;
  private volatile boolean closed;
  private boolean reconnecting; // guarded by lock
  private final ServerTools tools;
  private final ToolSink sink;
  private volatile int reconnects;
  private final AtomicInteger listChanges = new AtomicInteger();

  /** One live client; calls made through it fail together when it dies. */
  private static final class Session {
    final McpAsyncClient client;
    final ProcessTransport process; // null over HTTP
    final Set<Call> inFlight = ConcurrentHashMap.newKeySet();

    Session(McpAsyncClient client, ProcessTransport process) {
      this.client = client;
      this.process = process;
    }
  }

  /** One call in flight: settled once, its breaker outcome recorded before the caller sees it. */
  private static final class Call {
    final CompletableFuture<String> future = new CompletableFuture<>();
    private final AtomicBoolean settled = new AtomicBoolean();

    boolean finish(String value, Runnable outcome) {
      if (!settled.compareAndSet(false, true)) {
        return false;
      }
      outcome.run();
      future.complete(value);
      return true;
    }
  }

  ServerConnection(McpServerConfig config, ToolSink sink, McpClients.Settings settings,
      ScheduledExecutorService scheduler, ExecutorService worker) {
    this.config = config;
    this.settings = settings;
    this.scheduler = scheduler;
    this.worker = worker;
    this.breaker = new CircuitBreaker(settings.failureThreshold(), settings.coolDown(), System::nanoTime);
    this.sink = sink;
    this.tools = new ServerTools(config, sink, this::call, this::isConnected);
  }

  McpServerConfig config() {
    return config;
  }

  /** Connects, lists the tools and registers them; throws when the server cannot be reached. */
  void connect() throws Exception {
    Session opened = open();
    List<McpSchema.Tool> tools;
    try {
      tools = listTools(opened);
    } catch (Exception e) {
      closeQuietly(opened);
      throw e;
    }
    synchronized (lock) {
      if (closed) {
        closeQuietly(opened);
        throw new IllegalStateException("closed while connecting");
      }
      session = opened;
      connected = true;
      this.tools.apply(tools);
    }
    try {
      relistIfChanged(opened);
    } catch (RuntimeException e) { // the next list_changed will bring the change
      LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "': listing again failed", e);
    }
  }

  /** Lists the tools again when {@code tools/list_changed} came while {@code opened} was connecting. */
  private void relistIfChanged(Session opened) {
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
    List<McpSchema.Tool> tools = listTools(opened);
    synchronized (lock) {
      if (!closed && session == opened) {
        this.tools.apply(tools);
        listChanges.incrementAndGet();
      }
    }
  }

  private Session open() throws Exception {
    AtomicReference<Session> self = new AtomicReference<>();
    ProcessTransport process = null;
    McpClientTransport transport;
    switch (config.transport()) {
      case STDIO:
        List<String> command = new ArrayList<>();
        command.add(config.command());
        command.addAll(config.args());
        process = new ProcessTransport(config.name(), command,
            ChildEnvironment.of(System.getenv(), config.env()),
            code -> lost(self.get(), "exited with code " + code, false));
        try {
          process.start();
        } catch (java.io.IOException e) {
          throw new IllegalStateException("could not start " + String.join(" ", command) + ": " + e.getMessage(), e);
        }
        transport = process;
        break;
      case STREAMABLE_HTTP:
        transport = streamableHttp();
        break;
      default:
        transport = sse();
        break;
    }
    McpAsyncClient client = McpClient.async(transport)
        // the SDK's own limit stays behind ours, so ours gives the message
        .requestTimeout(config.timeout().plus(config.connectTimeout()))
        .initializationTimeout(config.connectTimeout())
        .clientInfo(McpSchema.Implementation.builder("toolsmith", McpClients.VERSION).build())
        .toolsChangeConsumer(tools -> Mono.fromRunnable(() -> toolsChanged(self.get(), tools)))
        .build();
    Session opened = new Session(client, process);
    self.set(opened);
    synchronized (lock) {
      pending = opened;
      changedWhileConnecting = false;
    }
    Mono<McpSchema.InitializeResult> initialize = client.initialize();
    ProcessTransport started = process;
    if (started != null) {
      // A server that exits while connecting fails the connect now, not at the connect timeout.
      // A copy: cancelling the race (at the timeout) must not cancel the process's own future.
      initialize = Mono.firstWithSignal(initialize, Mono.fromFuture(started.exited().thenApply(code -> code))
          .flatMap(code -> Mono.error(new IllegalStateException("exited with code " + code))));
    }
    try {
      initialize.block(config.connectTimeout());
    } catch (RuntimeException e) {
      if (started != null && hasExited(started)) {
        String message = started.exitMessage() + " while connecting";
        closeQuietly(opened);
        throw new IllegalStateException(message, e);
      }
      closeQuietly(opened);
      throw new IllegalStateException(root(e) instanceof TimeoutException
          ? "did not initialize within " + seconds(config.connectTimeout())
          : "could not initialize: " + describe(e), e);
    }
    return opened;
  }

  /**
   * Whether the server's process has ended. The exit is recorded a moment after the process is
   * gone (a send can fail first), so for a process no longer alive this waits briefly for it.
   */
  private static boolean hasExited(ProcessTransport process) {
    Process running = process.process();
    if (running != null && running.isAlive()) {
      return false;
    }
    try {
      process.exited().get(2, TimeUnit.SECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return process.exited().isDone();
    } catch (ExecutionException | TimeoutException e) {
      return process.exited().isDone();
    }
  }

  private McpClientTransport streamableHttp() {
    URI uri = URI.create(config.url());
    String endpoint = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    if (uri.getRawQuery() != null) {
      endpoint += "?" + uri.getRawQuery();
    }
    return HttpClientStreamableHttpTransport.builder(base(uri))
        .endpoint(endpoint)
        .jsonMapper(McpJson.SDK)
        .connectTimeout(config.connectTimeout())
        .addHttpRequestCustomizer((request, method, target, body, context) -> config.headers().forEach(request::header))
        .build();
  }

  @SuppressWarnings("deprecation") // legacy HTTP+SSE, used only when the configuration asks for it
  private McpClientTransport sse() {
    URI uri = URI.create(config.url());
    return HttpClientSseClientTransport.builder(base(uri))
        .sseEndpoint(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/sse" : uri.getRawPath())
        .jsonMapper(McpJson.SDK)
        .connectTimeout(config.connectTimeout())
        .addHttpRequestCustomizer((request, method, target, body, context) -> config.headers().forEach(request::header))
        .build();
  }

  private static String base(URI uri) {
    return uri.getScheme() + "://" + uri.getRawAuthority();
  }

  private List<McpSchema.Tool> listTools(Session from) {
    List<McpSchema.Tool> tools = new ArrayList<>();
    String cursor = McpSchema.FIRST_PAGE;
    for (int page = 0; page < MAX_PAGES; page++) {
      McpSchema.ListToolsResult result = from.client.listTools(cursor).block(config.connectTimeout());
      if (result == null) {
        break;
      }
      if (result.tools() != null) {
        tools.addAll(result.tools());
      }
      cursor = result.nextCursor();
      if (cursor == null || cursor.isEmpty()) {
        break;
      }
    }
    return tools;
  }

  /** The SDK fetched the list again after {@code tools/list_changed}. */
  private void toolsChanged(Session from, List<McpSchema.Tool> tools) {
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
      LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "' changed its tools: " + tools.size());
      this.tools.apply(tools);
      listChanges.incrementAndGet();
    }
  }

  /** Calls the server's tool {@code raw}; the stage always completes, with a result or an error. */
  CompletionStage<String> call(String raw, String argumentsJson) {
    if (closed) {
      return CompletableFuture.completedFuture(McpJson.error("MCP server '" + config.name() + "' is closed"));
    }
    Map<String, Object> arguments;
    try {
      arguments = McpJson.readObject(argumentsJson);
    } catch (Exception e) {
      return CompletableFuture.completedFuture(McpJson.error("Invalid arguments for tool "
          + ToolNames.of(config.name(), raw) + ": " + e.getMessage()));
    }
    CircuitBreaker.Permit permit = breaker.tryAcquire();
    if (permit == CircuitBreaker.Permit.REJECT) {
      return CompletableFuture.completedFuture(McpJson.error("MCP server '" + config.name()
          + "' is failing (" + breaker.consecutiveFailures() + " consecutive failures); calls fail fast"
          + " until a probe after the cool-down succeeds"));
    }
    Session current = session;
    if (current == null || !connected) {
      breaker.release(permit);
      return CompletableFuture.completedFuture(McpJson.error("MCP server '" + config.name()
          + "' is not connected (reconnecting)"));
    }
    Call result = new Call();
    current.inFlight.add(result);
    McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder(raw).arguments(arguments).build();
    Disposable call = current.client.callTool(request).subscribe(
        answer -> result.finish(CallResultJson.of(answer), breaker::success),
        failure -> {
          boolean protocol = McpError.findRootCause(failure) instanceof McpError || failure instanceof McpError;
          String message = McpJson.error("MCP tool '" + raw + "' on server '" + config.name() + "' failed: "
              + describe(failure));
          // A JSON-RPC error is an answer: the server is fine, the call itself was wrong.
          if (result.finish(message, protocol ? breaker::success : breaker::failure) && !protocol) {
            String reason = "call failed: " + describe(failure);
            worker.execute(() -> lost(current, reason, current.process == null));
          }
        },
        () -> result.finish(McpJson.error("MCP server '" + config.name() + "' returned no result"), breaker::failure));
    ScheduledFuture<?> deadline = scheduler.schedule(() -> {
      if (result.finish(McpJson.error("MCP tool '" + raw + "' on server '" + config.name()
          + "' timed out after " + seconds(config.timeout())), breaker::failure)) {
        call.dispose();
      }
    }, config.timeout().toNanos(), TimeUnit.NANOSECONDS);
    result.future.whenComplete((value, error) -> {
      deadline.cancel(false);
      current.inFlight.remove(result);
    });
    return result.future;
  }

  /**
   * The connection {@code dead} is gone (its process exited, or a call hit a transport error):
   * fails its calls in flight now rather than at their timeouts, and reconnects with backoff.
   */
  private void lost(Session dead, String reason, boolean verify) {
    // Over HTTP one failed call does not prove the server gone: ask it before tearing down.
    if (closed || dead == null || dead != session || (verify && ping(dead))) {
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
    LOG.log(Level.WARNING, () -> "MCP server '" + config.name() + "' lost: " + reason + "; reconnecting");
    String message = McpJson.error("MCP server '" + config.name() + "' " + reason + " during the call");
    for (Call call : dead.inFlight) {
      call.finish(message, breaker::failure);
    }
    worker.execute(() -> closeQuietly(dead));
    scheduleReconnect(0);
  }

  private boolean ping(Session target) {
    try {
      target.client.ping().block(Duration.ofSeconds(2));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private void scheduleReconnect(int attempt) {
    long base = settings.restartBackoff().toMillis();
    long delay = Math.min(settings.maxRestartBackoff().toMillis(), base << Math.min(attempt, 16));
    scheduler.schedule(() -> worker.execute(() -> reconnect(attempt)), delay, TimeUnit.MILLISECONDS);
  }

  private void reconnect(int attempt) {
    if (closed) {
      return;
    }
    Session opened = null;
    try {
      opened = open();
      List<McpSchema.Tool> tools = listTools(opened);
      synchronized (lock) {
        if (closed) {
          closeQuietly(opened);
          return;
        }
        session = opened;
        this.tools.apply(tools);
        connected = true;
        reconnecting = false;
      }
    } catch (Exception e) {
      if (opened != null) {
        closeQuietly(opened);
      }
      LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "' reconnect " + (attempt + 1) + " failed: "
          + describe(e));
      scheduleReconnect(attempt + 1);
      return;
    }
    reconnects++;
    breaker.success();
    sink.availabilityChanged();
    LOG.log(Level.INFO, () -> "MCP server '" + config.name() + "' reconnected");
    Session installed = session;
    try {
      relistIfChanged(installed);
    } catch (RuntimeException e) { // the next list_changed will bring the change
      LOG.log(Level.DEBUG, () -> "MCP server '" + config.name() + "': listing again failed", e);
    }
  }

  /** Whether the server is connected: the check of its toolset. */
  boolean isConnected() {
    return connected && !closed;
  }

  /** How many times the connection was re-established after being lost. */
  int reconnects() {
    return reconnects;
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
  Process process() {
    Session current = session;
    return current == null || current.process == null ? null : current.process.process();
  }

  /** Closes the connection; the tools stay registered and answer with an error. */
  @Override
  public void close() {
    Session current;
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
      String message = McpJson.error("MCP server '" + config.name() + "' was closed during the call");
      current.inFlight.forEach(call -> call.finish(message, () -> { }));
      closeQuietly(current);
    }
  }

  private static void closeQuietly(Session target) {
    try {
      target.client.closeGracefully().block(Duration.ofSeconds(5));
    } catch (RuntimeException e) {
      target.client.close();
    }
    if (target.process != null) {
      target.process.close();
    }
  }

  static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }

  /** A failure as {@code TYPE: MESSAGE} of its root cause, the wrappers around it dropped. */
  static String describe(Throwable thrown) {
    Throwable t = root(thrown);
    if (t instanceof TimeoutException) {
      return "no answer in time";
    }
    String type = t.getClass().getSimpleName();
    return t.getMessage() == null ? type : type + ": " + t.getMessage();
  }

  private static Throwable root(Throwable thrown) {
    Throwable t = thrown;
    for (int i = 0; i < 16 && t.getCause() != null && t.getCause() != t; i++) {
      t = t.getCause();
    }
    return t;
  }
}
