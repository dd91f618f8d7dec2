package dev.toolsmith.mcp.http;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.runtime.ToolRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ToolRegistry} served over MCP's Streamable HTTP at {@code http://HOST:PORT/mcp}, on
 * Jetty: the tools {@link McpRegistryServer} serves, with the same settings, reachable over the
 * network, in both eras on the one endpoint (a request with 2026-07-28 {@code _meta} served
 * statelessly by that revision, an {@code initialize} opening a legacy session). Requests whose
 * {@code Host} or {@code Origin} is not this server's are refused, so a web page cannot reach it
 * through DNS rebinding; a bearer token can be required, and an address beyond loopback is served
 * only with a token or allowed hosts, or when forced. Slow clients, large bodies, connections and
 * sessions are bounded (see {@code docs/HARDENING.md}). With {@link Builder#stateless()} it keeps
 * no session state in either era, for replicas behind a load balancer.
 *
 * <pre>{@code
 * try (McpHttpServer server = McpHttpServer.builder(registry)
 *     .serve(new InetSocketAddress("127.0.0.1", 8080))) {
 *   server.awaitClose();
 * }
 * }</pre>
 */
public final class McpHttpServer implements AutoCloseable {

  /** The path of the Streamable HTTP endpoint. */
  public static final String PATH = "/mcp";

  private final McpRegistryServer server;
  private final JettyEndpoint jetty;
  private final URI endpoint;
  private final AtomicBoolean closing = new AtomicBoolean();
  private final CountDownLatch closed = new CountDownLatch(1);

  private McpHttpServer(McpRegistryServer server, JettyEndpoint jetty, URI endpoint) {
    this.server = server;
    this.jetty = jetty;
    this.endpoint = endpoint;
  }

  /** A builder serving {@code registry} with the default settings. */
  public static Builder builder(ToolRegistry registry) {
    return builder(McpRegistryServer.builder(requireNonNull(registry, "registry == null")));
  }

  /** A builder serving what {@code server} would serve, with its settings (filter, name...). */
  public static Builder builder(McpRegistryServer.Builder server) {
    return new Builder(requireNonNull(server, "server == null"));
  }

  /** The endpoint, e.g. {@code http://127.0.0.1:8080/mcp}, with the port bound. */
  public URI endpoint() {
    return endpoint;
  }

  /** The tool names served now, sorted. */
  public List<String> servedTools() {
    return server.servedTools();
  }

  /** Brings the served tools in line with the registry now, as {@link McpRegistryServer#sync()}. */
  public void sync() {
    server.sync();
  }

  /**
   * Waits until the server is closed.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    closed.await();
  }

  /** Closes the MCP server, then stops listening. */
  @Override
  public void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    server.close();
    jetty.close();
    closed.countDown();
  }

  /** Configures and starts a {@link McpHttpServer}. */
  public static final class Builder {
    private final McpRegistryServer.Builder server;
    private final List<String> allowedHosts = new ArrayList<>();
    private int maxRequestBytes = McpRegistryServer.DEFAULT_MAX_MESSAGE_BYTES;
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Duration bodyIdleTimeout = Duration.ofSeconds(5);
    private int maxConnections = 10_000;
    private int maxConnectionsPerClient = 32;
    private int maxSessions = 1_000;
    private int maxSessionsPerClient = 100;
    private Duration sessionIdleTimeout = Duration.ofMinutes(30);
    private @Nullable String bearerToken;
    private boolean anyClient;
    private boolean stateless;

    private Builder(McpRegistryServer.Builder server) {
      this.server = server;
    }

    /**
     * Also accepts requests whose {@code Host} is {@code hostAndPort} (e.g. a reverse proxy's name,
     * {@code tools.example:8443}) and whose {@code Origin}, when sent, is that host over http or
     * https. Without it only the bound address and the loopback names at the bound port are
     * accepted.
     */
    public Builder allowedHost(String hostAndPort) {
      requireNonNull(hostAndPort, "hostAndPort == null");
      if (hostAndPort.isBlank()) {
        throw new IllegalArgumentException("hostAndPort is blank");
      }
      allowedHosts.add(hostAndPort);
      return this;
    }

    /**
     * The largest request body, in bytes; default 16 MiB. A larger one is answered with HTTP 413
     * and a JSON-RPC error, without reading it on.
     */
    public Builder maxRequestBytes(int maxRequestBytes) {
      this.maxRequestBytes = positive(maxRequestBytes, "maxRequestBytes");
      return this;
    }

    /**
     * How long a client may take to send a request's headers (from connecting, for the first
     * request) and, separately, its body; default 30 s. A slow body is answered with HTTP 408; a
     * connection whose headers are late is closed. Also the idle timeout of a connection.
     */
    public Builder requestTimeout(Duration requestTimeout) {
      requireNonNull(requestTimeout, "requestTimeout == null");
      if (requestTimeout.isNegative() || requestTimeout.isZero()) {
        throw new IllegalArgumentException(
            "requestTimeout must be positive; found " + requestTimeout);
      }
      this.requestTimeout = requestTimeout;
      return this;
    }

    /**
     * How long a request body may pause between bytes; default 5 s (never more than the {@link
     * #requestTimeout}). A body that stops for longer is answered with HTTP 408 and its connection
     * given back, so clients that stop sending hold their slots for seconds, not the whole request
     * timeout.
     */
    public Builder bodyIdleTimeout(Duration bodyIdleTimeout) {
      requireNonNull(bodyIdleTimeout, "bodyIdleTimeout == null");
      if (bodyIdleTimeout.isNegative() || bodyIdleTimeout.isZero()) {
        throw new IllegalArgumentException(
            "bodyIdleTimeout must be positive; found " + bodyIdleTimeout);
      }
      this.bodyIdleTimeout = bodyIdleTimeout;
      return this;
    }

    /** How many connections may be open at once in all; default 10,000. */
    public Builder maxConnections(int maxConnections) {
      this.maxConnections = positive(maxConnections, "maxConnections");
      return this;
    }

    /**
     * How many connections one client address may hold open; default 32. A connection over it is
     * answered HTTP 503 with {@code Retry-After: 1} and closed (or closed after 2 s if it sends no
     * request), so its client can tell a full server from a crash.
     */
    public Builder maxConnectionsPerClient(int maxConnectionsPerClient) {
      this.maxConnectionsPerClient = positive(maxConnectionsPerClient, "maxConnectionsPerClient");
      return this;
    }

    /**
     * How many MCP sessions may be open at once; default 1,000. An {@code initialize} over it
     * closes the least recently used idle session (no request running, no open stream), whose id
     * then gets HTTP 404 and the JSON-RPC error -32001, so its client initializes again; only when
     * every session is busy is it answered with HTTP 503 and a JSON-RPC error.
     */
    public Builder maxSessions(int maxSessions) {
      this.maxSessions = positive(maxSessions, "maxSessions");
      return this;
    }

    /**
     * How many MCP sessions one client address may hold open; default 100, a tenth of the default
     * table, so one address cannot fill it. An {@code initialize} over it is answered with HTTP 429
     * and a JSON-RPC error. Behind a reverse proxy every session comes from the proxy's address:
     * raise it to {@link #maxSessions} there.
     */
    public Builder maxSessionsPerClient(int maxSessionsPerClient) {
      this.maxSessionsPerClient = positive(maxSessionsPerClient, "maxSessionsPerClient");
      return this;
    }

    /**
     * How long a session may go without a request before it is closed; default 30 min. Sessions are
     * swept at this interval, so an idle session goes between one and two intervals after its last
     * request.
     */
    public Builder sessionIdleTimeout(Duration sessionIdleTimeout) {
      requireNonNull(sessionIdleTimeout, "sessionIdleTimeout == null");
      if (sessionIdleTimeout.isNegative() || sessionIdleTimeout.isZero()) {
        throw new IllegalArgumentException(
            "sessionIdleTimeout must be positive; found " + sessionIdleTimeout);
      }
      this.sessionIdleTimeout = sessionIdleTimeout;
      return this;
    }

    /**
     * Requires {@code Authorization: Bearer TOKEN} on every request (compared in constant time); a
     * request without it is answered with HTTP 401 and a JSON-RPC error. Read the token from an
     * environment variable or a file, not from the command line.
     */
    public Builder bearerToken(String token) {
      requireNonNull(token, "token == null");
      if (token.isBlank()) {
        throw new IllegalArgumentException("token is blank");
      }
      this.bearerToken = token.strip();
      return this;
    }

    /**
     * Lets {@link #serve} bind an address beyond loopback with neither a bearer token nor an
     * allowed host: then anyone who can reach the address and sends its {@code Host} can call every
     * served tool.
     */
    public Builder serveAnyClientWithoutAuthentication() {
      this.anyClient = true;
      return this;
    }

    /**
     * Serves without sessions: each request is answered on its own, nothing about a client is kept
     * in the process, so any number of replicas can serve one registry behind any HTTP load
     * balancer. What sessions give is gone: no {@code tools/list_changed} (each replica's list
     * still follows its own registry, and every {@code tools/list} answers it as it is now), no
     * progress notifications and no cancellation; the session cap and idle time do not apply.
     */
    public Builder stateless() {
      this.stateless = true;
      return this;
    }

    private static int positive(int value, String name) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be positive; found " + value);
      }
      return value;
    }

    /**
     * Serves at {@code http://ADDRESS/mcp}; port 0 picks a free port. Bind a loopback address
     * unless the server must be reachable from elsewhere.
     */
    public McpHttpServer serve(InetSocketAddress address) {
      requireNonNull(address, "address == null");
      EndpointSetup setup =
          new EndpointSetup(
              maxRequestBytes,
              requestTimeout,
              bodyIdleTimeout,
              maxConnections,
              maxConnectionsPerClient,
              maxSessions,
              maxSessionsPerClient,
              sessionIdleTimeout,
              bearerToken,
              stateless);
      setup.checkReach(address, !allowedHosts.isEmpty() || anyClient);
      HostOriginGuard guard = new HostOriginGuard(allowedHosts);
      JettyEndpoint[] jetty = new JettyEndpoint[1];
      McpRegistryServer served =
          server.serve(hook -> jetty[0] = setup.connect(hook, address, guard));
      JettyEndpoint endpoint = requireNonNull(jetty[0]);
      return new McpHttpServer(
          served,
          endpoint,
          URI.create("http://" + EndpointSetup.host(address) + ":" + endpoint.port() + PATH));
    }
  }
}
