package dev.toolsmith.mcp;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A {@link ToolRegistry} served over MCP, on stdio or Streamable HTTP: every tool of an available
 * toolset, with its schema as the MCP {@code inputSchema}, called through {@code dispatch}; a result
 * that is an {@code {"error": ...}} object (argument problems included) comes back as an
 * {@code isError} result. The served list follows the registry: changes are picked up within the poll
 * interval (or at once with {@link #sync()}) and announced with {@code tools/list_changed}.
 *
 * <pre>{@code
 * try (McpRegistryServer server = McpRegistryServer.builder(registry).serveHttp(new InetSocketAddress("127.0.0.1", 8080))) {
 *   server.awaitClose();
 * }
 * }</pre>
 */
public final class McpRegistryServer implements AutoCloseable {

  /** The path of the Streamable HTTP endpoint. */
  public static final String HTTP_PATH = "/mcp";

  private static final Logger LOG = System.getLogger(McpRegistryServer.class.getName());
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final ToolRegistry registry;
  private final Builder settings;
  private final ScheduledExecutorService watcher;
  private final CountDownLatch closedLatch = new CountDownLatch(1);
  private McpAsyncServer server;
  private Server jetty;
  private URI endpoint;
  private Map<String, ToolEntry> served = Map.of(); // guarded by this
  private Map<String, Boolean> availability = Map.of(); // guarded by this
  private long availabilityCheckedAt; // guarded by this
  private Map<String, ToolEntry> lastSeen = Map.of(); // guarded by this
  private volatile boolean closed;

  private McpRegistryServer(ToolRegistry registry, Builder settings) {
    this.registry = registry;
    this.settings = settings;
    this.watcher = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "toolsmith-mcp-server-watch");
      thread.setDaemon(true);
      return thread;
    });
  }

  /** A builder serving {@code registry}. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(requireNonNull(registry, "registry == null"));
  }

  private McpAsyncServer start(McpServer.AsyncSpecification<?> spec) {
    // The first tools go in with the server, so no client sees list_changed before initializing.
    List<McpServerFeatures.AsyncToolSpecification> initial = new ArrayList<>();
    synchronized (this) {
      Map<String, ToolEntry> wanted = wanted();
      Map<String, ToolEntry> next = new HashMap<>();
      wanted.forEach((name, entry) -> {
        try {
          initial.add(specification(entry));
          next.put(name, entry);
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, () -> "Tool '" + name + "' cannot be served over MCP", e);
        }
      });
      served = next;
    }
    McpAsyncServer started = spec
        .serverInfo(settings.name, settings.version)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        .jsonMapper(McpJson.SDK)
        // The registry's own readers validate, and report every problem in the result.
        .validateToolInputs(false)
        .strictToolNameValidation(false)
        .tools(initial)
        .build();
    synchronized (this) {
      server = started;
    }
    long interval = settings.pollInterval.toMillis();
    watcher.scheduleWithFixedDelay(this::syncQuietly, interval, interval, TimeUnit.MILLISECONDS);
    return started;
  }

  private void syncQuietly() {
    try {
      sync();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Serving the registry's changed tools failed", e);
    }
  }

  /**
   * Brings the served tools in line with the registry now: removed tools go, new and replaced ones
   * are added, each change announced with {@code tools/list_changed}. Toolset checks run at most once
   * per {@link Builder#availabilityInterval}, or when the tools changed.
   */
  public synchronized void sync() {
    if (closed || server == null) {
      return;
    }
    Map<String, ToolEntry> wanted = wanted();
    for (String name : served.keySet()) {
      if (!wanted.containsKey(name)) {
        server.removeTool(name).onErrorResume(e -> Mono.empty()).block();
      }
    }
    Map<String, ToolEntry> next = new HashMap<>(served);
    next.keySet().retainAll(wanted.keySet());
    for (Map.Entry<String, ToolEntry> entry : wanted.entrySet()) {
      if (served.get(entry.getKey()) != entry.getValue()) {
        try {
          server.addTool(specification(entry.getValue())).block();
          next.put(entry.getKey(), entry.getValue());
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, () -> "Tool '" + entry.getKey() + "' cannot be served over MCP", e);
        }
      }
    }
    served = next;
  }

  /** The tools to serve now: those passing the filter whose toolset is available; holds this. */
  private Map<String, ToolEntry> wanted() {
    Map<String, ToolEntry> current = new LinkedHashMap<>();
    for (String name : registry.toolNames()) {
      registry.entry(name).filter(settings.filter).ifPresent(entry -> current.put(name, entry));
    }
    long now = System.nanoTime();
    boolean toolsChanged = !sameEntries(current);
    if (toolsChanged || availabilityCheckedAt == 0
        || now - availabilityCheckedAt >= settings.availabilityInterval.toNanos()) {
      availability = toolsetAvailability();
      availabilityCheckedAt = now;
    }
    Map<String, ToolEntry> wanted = new LinkedHashMap<>();
    current.forEach((name, entry) -> {
      if (availability.getOrDefault(entry.toolset(), Boolean.FALSE)) {
        wanted.put(name, entry);
      }
    });
    return wanted;
  }

  private boolean sameEntries(Map<String, ToolEntry> current) {
    Map<String, ToolEntry> seen = lastSeen;
    lastSeen = current;
    if (seen.size() != current.size()) {
      return false;
    }
    for (Map.Entry<String, ToolEntry> entry : current.entrySet()) {
      if (seen.get(entry.getKey()) != entry.getValue()) {
        return false;
      }
    }
    return true;
  }

  private McpServerFeatures.AsyncToolSpecification specification(ToolEntry entry) {
    Map<String, Object> schema;
    try {
      schema = McpJson.MAPPER.readValue(entry.schema(), MAP);
    } catch (IOException e) { // the registry checked it is one JSON object
      throw new IllegalStateException("schema of " + entry.name() + " is not JSON", e);
    }
    schema.remove("$schema");
    McpSchema.Tool tool = McpSchema.Tool.builder(entry.name(), schema)
        .description(entry.description())
        .build();
    String name = entry.name();
    return McpServerFeatures.AsyncToolSpecification.builder()
        .tool(tool)
        .callHandler((exchange, request) -> Mono.fromCallable(() -> call(name, request.arguments()))
            .subscribeOn(Schedulers.boundedElastic()))
        .build();
  }

  /** Dispatches one call; the registry never throws, so every outcome is a result. */
  private McpSchema.CallToolResult call(String name, Map<String, Object> arguments) {
    String result = registry.dispatch(name, McpJson.write(arguments == null ? Map.of() : arguments));
    return McpSchema.CallToolResult.builder()
        .addTextContent(result)
        .isError(isError(result))
        .build();
  }

  /** Whether {@code result} is the registry's error shape, a JSON object with an "error" member. */
  static boolean isError(String result) {
    if (!result.startsWith("{")) {
      return false;
    }
    try {
      JsonNode node = McpJson.MAPPER.readTree(result);
      return node != null && node.isObject() && node.has("error");
    } catch (IOException e) {
      return false;
    }
  }

  /** The tool names served now, sorted. */
  public synchronized List<String> servedTools() {
    return served.keySet().stream().sorted().toList();
  }

  /** The Streamable HTTP endpoint, e.g. {@code http://127.0.0.1:8080/mcp}; empty over stdio. */
  public Optional<URI> endpoint() {
    return Optional.ofNullable(endpoint);
  }

  /** Waits until the server is closed, or over stdio until the client closes the input. */
  public void awaitClose() throws InterruptedException {
    closedLatch.await();
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    watcher.shutdownNow();
    if (server != null) {
      try {
        server.closeGracefully().block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        server.close();
      }
    }
    if (jetty != null) {
      try {
        jetty.stop();
      } catch (Exception e) {
        LOG.log(Level.DEBUG, "Stopping the HTTP server failed", e);
      }
    }
    closedLatch.countDown();
  }

  /** Each toolset to whether it is available now; each check runs at most once. */
  private Map<String, Boolean> toolsetAvailability() {
    Map<String, Boolean> available = new java.util.HashMap<>();
    registry.availability().toolsets().forEach((toolset, a) -> available.put(toolset, a.available()));
    return available;
  }

  /** Configures and starts a {@link McpRegistryServer}. */
  public static final class Builder {
    private final ToolRegistry registry;
    private String name = "toolsmith";
    private String version = McpClients.VERSION;
    private Duration pollInterval = Duration.ofMillis(500);
    private Duration availabilityInterval = Duration.ofSeconds(5);
    private Predicate<ToolEntry> filter = entry -> true;
    private final List<String> allowedHosts = new ArrayList<>();

    private Builder(ToolRegistry registry) {
      this.registry = registry;
    }

    /** The name and version the server gives in {@code initialize}. */
    public Builder serverInfo(String name, String version) {
      this.name = requireNonNull(name, "name == null");
      this.version = requireNonNull(version, "version == null");
      return this;
    }

    /** How often the registry is compared with the served tools; default 500 ms. */
    public Builder pollInterval(Duration pollInterval) {
      requireNonNull(pollInterval, "pollInterval == null");
      if (pollInterval.isNegative() || pollInterval.isZero()) {
        throw new IllegalArgumentException("pollInterval must be positive; found " + pollInterval);
      }
      this.pollInterval = pollInterval;
      return this;
    }

    /** How often toolset checks run again when no tool changed; default 5 s. */
    public Builder availabilityInterval(Duration availabilityInterval) {
      this.availabilityInterval = requireNonNull(availabilityInterval, "availabilityInterval == null");
      return this;
    }

    /**
     * Over HTTP, also accepts requests whose {@code Host} is {@code hostAndPort} (e.g. a reverse
     * proxy's name, {@code tools.example:8443}) and whose {@code Origin}, when sent, is that host over
     * http or https. Without it only the bound address and the loopback names at the bound port are
     * accepted, so that a web page cannot reach the server through DNS rebinding.
     */
    public Builder allowedHost(String hostAndPort) {
      requireNonNull(hostAndPort, "hostAndPort == null");
      if (hostAndPort.isBlank()) {
        throw new IllegalArgumentException("hostAndPort is blank");
      }
      allowedHosts.add(hostAndPort);
      return this;
    }

    /** Which tools to serve, e.g. those of some toolsets; default all. */
    public Builder filter(Predicate<ToolEntry> filter) {
      this.filter = requireNonNull(filter, "filter == null");
      return this;
    }

    /** Serves on this process's stdin and stdout (nothing else may write to stdout). */
    public McpRegistryServer serveStdio() {
      return serveStdio(System.in, System.out);
    }

    /** Serves on the given streams; {@link #awaitClose()} returns when {@code in} ends. */
    public McpRegistryServer serveStdio(InputStream in, OutputStream out) {
      requireNonNull(in, "in == null");
      requireNonNull(out, "out == null");
      McpRegistryServer result = new McpRegistryServer(registry, this);
      InputStream watched = new FilterInputStream(in) {
        @Override
        public int read() throws IOException {
          return ended(super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          return ended(super.read(b, off, len));
        }

        private int ended(int n) {
          if (n < 0) {
            result.closedLatch.countDown();
          }
          return n;
        }
      };
      result.start(McpServer.async(new StdioServerTransportProvider(McpJson.SDK, watched, out)));
      return result;
    }

    /** Accepts the bound host, the loopback names at {@code port} and the hosts allowed; refuses others. */
    private ServerHttpHeaderValidator securityValidator(String boundHost, int port) {
      Set<String> hosts = new LinkedHashSet<>(List.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port,
          boundHost + ":" + port));
      hosts.addAll(allowedHosts);
      List<String> origins = new ArrayList<>();
      for (String allowed : hosts) {
        origins.add("http://" + allowed);
        origins.add("https://" + allowed);
      }
      return DefaultServerTransportSecurityValidator.builder()
          .allowedHosts(List.copyOf(hosts))
          .allowedOrigins(origins)
          .build();
    }

    /**
     * Serves Streamable HTTP at {@code http://ADDRESS/mcp}; port 0 picks a free port. Bind a
     * loopback address unless the server must be reachable from elsewhere.
     */
    public McpRegistryServer serveHttp(InetSocketAddress address) {
      requireNonNull(address, "address == null");
      McpRegistryServer result = new McpRegistryServer(registry, this);
      // The port is known only once Jetty is bound (port 0); no request arrives before that.
      AtomicReference<ServerHttpHeaderValidator> validator = new AtomicReference<>(headers -> {
        throw new ServerTransportSecurityException(503, "Not started");
      });
      HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
          .jsonMapper(McpJson.SDK)
          .mcpEndpoint(HTTP_PATH)
          .httpHeaderValidator(headers -> validator.get().validate(headers))
          .build();
      Server jetty = new Server();
      ServerConnector connector = new ServerConnector(jetty);
      connector.setHost(address.getHostString());
      connector.setPort(address.getPort());
      jetty.addConnector(connector);
      ServletContextHandler context = new ServletContextHandler();
      context.setContextPath("/");
      ServletHolder holder = new ServletHolder(transport);
      holder.setAsyncSupported(true);
      context.addServlet(holder, HTTP_PATH);
      jetty.setHandler(context);
      try {
        jetty.start();
      } catch (Exception e) {
        try {
          jetty.stop();
        } catch (Exception ignored) {
          // already failing
        }
        throw new IllegalStateException("cannot serve MCP on " + address + ": " + e.getMessage(), e);
      }
      result.jetty = jetty;
      String host = address.getHostString().contains(":") ? "[" + address.getHostString() + "]" : address.getHostString();
      validator.set(securityValidator(host, connector.getLocalPort()));
      result.endpoint = URI.create("http://" + host + ":" + connector.getLocalPort() + HTTP_PATH);
      result.start(McpServer.async(transport));
      return result;
    }
  }
}
