package dev.toolsmith.mcp.client;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.spi.ToolSink;
import dev.toolsmith.runtime.spi.ToolSource;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * MCP servers' tools in a {@link ToolRegistry}: connects to every enabled server in parallel under
 * one overall deadline, registers each server's tools as {@code mcp__SERVER__TOOL} in toolset
 * {@code mcp-SERVER}, and keeps them current until {@link #close()}. A server that fails is
 * reported in {@link #servers()} and the others still register.
 *
 * <pre>{@code
 * try (McpClients mcp = McpClients.builder().servers(configs).build().connect(registry)) {
 *   mcp.servers().forEach(s -> System.out.println(s.describe()));
 *   registry.dispatch("mcp__everything__echo", "{\"message\":\"hi\"}");
 * }
 * }</pre>
 */
public final class McpClients implements AutoCloseable {

  /** Consecutive failures after which a server's calls fail fast, as in the reference. */
  public static final int DEFAULT_FAILURE_THRESHOLD = 3;

  /** How long a server's calls fail fast before a probe, as in the reference. */
  public static final Duration DEFAULT_COOL_DOWN = Duration.ofSeconds(60);

  private static final Logger LOG = System.getLogger(McpClients.class.getName());

  private final Builder builder;
  private final ScheduledExecutorService scheduler;
  private final ExecutorService worker;
  private final List<ServerConnection> connections = new ArrayList<>();
  private final Map<String, ServerStatus> statuses = new LinkedHashMap<>();

  private McpClients(Builder builder) {
    this.builder = builder;
    this.scheduler = Executors.newScheduledThreadPool(1, daemonThreads("toolsmith-mcp-timer"));
    this.worker = Executors.newCachedThreadPool(daemonThreads("toolsmith-mcp-worker"));
  }

  /** A builder with no servers and default settings. */
  public static Builder builder() {
    return new Builder();
  }

  /** Tunables shared by every server's connection. */
  record Settings(
      int failureThreshold,
      Duration coolDown,
      Duration restartBackoff,
      Duration maxRestartBackoff) {}

  /**
   * Connects the servers and registers their tools into {@code registry}: discovery with this one
   * source, each server's tools under the origin {@code mcp_servers.SERVER}.
   */
  public McpClients connect(ToolRegistry registry) {
    requireNonNull(registry, "registry == null");
    Discovery.builder().build().load(new Connecting(), registry);
    return this;
  }

  /** These servers as a discovery source: connected through the context it is given. */
  private final class Connecting implements ToolSource {
    @Override
    public String section() {
      return McpToolSource.SECTION;
    }

    @Override
    public void load(ToolSourceContext context) {
      connect(context.sink(), McpToolSource.reporter(context));
    }
  }

  /** What happened to each server, reported as it happens. */
  interface Reporter {
    default void loaded(String server, List<String> tools) {}

    default void failed(String server, String reason) {}

    default void disabled(String server) {}

    /** Whether {@link #failed} logs the failure itself. */
    default boolean logsFailures() {
      return false;
    }
  }

  McpClients connect(ToolSink sink, Reporter reporter) {
    Settings settings =
        new Settings(
            builder.failureThreshold,
            builder.coolDown,
            builder.restartBackoff,
            builder.maxRestartBackoff);
    ExecutorService connectors =
        Executors.newCachedThreadPool(daemonThreads("toolsmith-mcp-connect"));
    Map<String, String> toolsets = new HashMap<>(); // toolset to the server that has it
    for (McpServerConfig raw : builder.servers) { // holds each server's place in the order
      record(
          new ServerStatus(raw.name(), ServerStatus.State.FAILED, List.of(), "still connecting"));
    }
    Map<ServerConnection, Future<?>> pending = new LinkedHashMap<>();
    for (McpServerConfig raw : builder.servers) {
      ServerConnection connection = prepare(raw, sink, settings, toolsets, reporter);
      if (connection != null) {
        pending.put(
            connection,
            connectors.submit(
                () -> {
                  connection.connect();
                  return null;
                }));
      }
    }
    long deadline = System.nanoTime() + builder.deadline.toNanos();
    pending.forEach(
        (connection, connecting) -> settle(connection, connecting, deadline, sink, reporter));
    connectors.shutdownNow();
    return this;
  }

  /**
   * The connection of one configured server, not yet connected; null when it is disabled or its
   * configuration cannot be used, which is reported.
   */
  private @Nullable ServerConnection prepare(
      McpServerConfig raw,
      ToolSink sink,
      Settings settings,
      Map<String, String> toolsets,
      Reporter reporter) {
    if (!raw.enabled()) {
      record(
          new ServerStatus(raw.name(), ServerStatus.State.DISABLED, List.of(), "enabled: false"));
      reporter.disabled(raw.name());
      return null;
    }
    McpServerConfig config;
    try {
      config = Placeholders.expand(raw, builder.environment);
    } catch (IllegalArgumentException e) {
      fail(raw.name(), e.getMessage() != null ? e.getMessage() : Reasons.describe(e), reporter);
      return null;
    }
    // Two names that sanitize alike would share a toolset and overwrite each other's tools.
    String toolset = ToolNames.toolset(raw.name());
    String holder = toolsets.putIfAbsent(toolset, raw.name());
    if (holder != null) {
      fail(
          raw.name(),
          "its toolset " + toolset + " is already taken by server '" + holder + "'; rename one",
          reporter);
      return null;
    }
    return new ServerConnection(config, sink, settings, scheduler, worker);
  }

  /** Waits for one server's connect, at most until {@code deadline}, and records what it did. */
  private void settle(
      ServerConnection connection,
      Future<?> connecting,
      long deadline,
      ToolSink sink,
      Reporter reporter) {
    String name = connection.config().name();
    try {
      connecting.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      synchronized (this) {
        connections.add(connection);
      }
      // Only what the registry holds: a tool refused by its collision policy is not the server's.
      List<String> tools =
          connection.toolNames().stream().filter(tool -> sink.holds(name, tool)).toList();
      record(
          new ServerStatus(
              name,
              ServerStatus.State.CONNECTED,
              tools,
              String.join("; ", connection.collisions()),
              connection.protocolVersion()));
      reporter.loaded(name, tools);
    } catch (TimeoutException e) {
      connecting.cancel(true);
      connection.close();
      fail(
          name,
          "did not connect within the overall deadline of " + Reasons.seconds(builder.deadline),
          reporter);
    } catch (ExecutionException e) {
      connection.close();
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      fail(
          name,
          cause instanceof IllegalStateException && cause.getMessage() != null
              ? cause.getMessage()
              : Reasons.describe(cause),
          reporter);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      connection.close();
      fail(name, "interrupted while connecting", reporter);
    }
  }

  private void fail(String name, String reason, Reporter reporter) {
    // Discovery's context logs a failure it is told about; log here only when nobody else does.
    LOG.log(
        reporter.logsFailures() ? Level.DEBUG : Level.WARNING,
        () -> "MCP server '" + name + "' failed to connect; skipped: " + reason);
    record(new ServerStatus(name, ServerStatus.State.FAILED, List.of(), reason));
    reporter.failed(name, reason);
  }

  private synchronized void record(ServerStatus status) {
    statuses.put(status.name(), status);
  }

  /** Each configured server as it was at connect time, in configuration order. */
  public synchronized List<ServerStatus> servers() {
    return List.copyOf(statuses.values());
  }

  /** Whether the server {@code name} is connected now (its toolset's check). */
  public synchronized boolean isConnected(String name) {
    ServerConnection connection = connection(name);
    return connection != null && connection.isConnected();
  }

  synchronized @Nullable ServerConnection connection(String name) {
    for (ServerConnection connection : connections) {
      if (connection.config().name().equals(name)) {
        return connection;
      }
    }
    return null;
  }

  /**
   * Closes every connection and stops stdio servers; their tools answer with an error afterwards.
   */
  @Override
  public void close() {
    List<ServerConnection> open;
    synchronized (this) {
      open = new ArrayList<>(connections);
      connections.clear();
    }
    open.forEach(ServerConnection::close);
    scheduler.shutdownNow();
    worker.shutdownNow();
  }

  private static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Configures {@link McpClients}. */
  public static final class Builder {
    private List<McpServerConfig> servers = List.of();
    private Duration deadline = Duration.ofSeconds(90);
    private int failureThreshold = DEFAULT_FAILURE_THRESHOLD;
    private Duration coolDown = DEFAULT_COOL_DOWN;
    private Duration restartBackoff = Duration.ofSeconds(1);
    private Duration maxRestartBackoff = Duration.ofSeconds(60);
    private Function<String, String> environment = System::getenv;

    private Builder() {}

    /** The servers to connect, in order. */
    public Builder servers(List<McpServerConfig> servers) {
      this.servers = List.copyOf(requireNonNull(servers, "servers == null"));
      return this;
    }

    /** How long connecting all servers together may take; default 90 s. */
    public Builder deadline(Duration deadline) {
      this.deadline = positive(deadline, "deadline");
      return this;
    }

    /**
     * Consecutive failures (results the server marks {@code isError}, timeouts, lost connections)
     * after which a server's calls fail fast; default 3.
     */
    public Builder failureThreshold(int failureThreshold) {
      if (failureThreshold < 1) {
        throw new IllegalArgumentException(
            "failureThreshold must be >= 1; found " + failureThreshold);
      }
      this.failureThreshold = failureThreshold;
      return this;
    }

    /** How long calls fail fast before one probe call is let through; default 60 s. */
    public Builder coolDown(Duration coolDown) {
      this.coolDown = positive(coolDown, "coolDown");
      return this;
    }

    /**
     * The first and the longest wait between reconnect attempts; default 1 s doubling up to 60 s.
     */
    public Builder restartBackoff(Duration first, Duration max) {
      this.restartBackoff = positive(first, "first");
      this.maxRestartBackoff = positive(max, "max");
      return this;
    }

    /** Where {@code ${VAR}} values come from; default {@link System#getenv(String)}. */
    public Builder environment(Function<String, String> environment) {
      this.environment = requireNonNull(environment, "environment == null");
      return this;
    }

    /** The clients, not yet connected. */
    public McpClients build() {
      return new McpClients(this);
    }

    private static Duration positive(Duration value, String name) {
      requireNonNull(value, name + " == null");
      if (value.isNegative() || value.isZero()) {
        throw new IllegalArgumentException(name + " must be positive; found " + value);
      }
      return value;
    }
  }
}
