package dev.toolsmith.mcp.http;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.mcp.McpRegistryServer;
import dev.toolsmith.runtime.ToolRegistry;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link ToolRegistry} served over MCP's Streamable HTTP at {@code http://HOST:PORT/mcp}, on
 * Jetty: the tools {@link McpRegistryServer} serves, with the same settings, reachable over the
 * network. Requests whose {@code Host} or {@code Origin} is not this server's are refused, so a
 * web page cannot reach it through DNS rebinding.
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

  /** toolsmith-mcp's serving mapper: tool arguments reach the registry as sent. */
  private static final McpJsonMapper JSON = McpRegistryServer.jsonMapper();

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

  /** A builder serving what {@code server} would serve, with its settings (poll interval etc.). */
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

  /** Waits until the server is closed. */
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

    private Builder(McpRegistryServer.Builder server) {
      this.server = server;
    }

    /**
     * Also accepts requests whose {@code Host} is {@code hostAndPort} (e.g. a reverse proxy's
     * name, {@code tools.example:8443}) and whose {@code Origin}, when sent, is that host over
     * http or https. Without it only the bound address and the loopback names at the bound port
     * are accepted.
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
     * Serves at {@code http://ADDRESS/mcp}; port 0 picks a free port. Bind a loopback address
     * unless the server must be reachable from elsewhere.
     */
    public McpHttpServer serve(InetSocketAddress address) {
      requireNonNull(address, "address == null");
      HostOriginGuard guard = new HostOriginGuard(allowedHosts);
      HttpServletStreamableServerTransportProvider transport =
          HttpServletStreamableServerTransportProvider.builder()
              .jsonMapper(JSON)
              .mcpEndpoint(PATH)
              .httpHeaderValidator(guard)
              .build();
      JettyEndpoint jetty = JettyEndpoint.start(address, transport, PATH);
      String host = address.getHostString().contains(":")
          ? "[" + address.getHostString() + "]"
          : address.getHostString();
      guard.bound(host, jetty.port());
      URI endpoint = URI.create("http://" + host + ":" + jetty.port() + PATH);
      try {
        return new McpHttpServer(server.serve(transport), jetty, endpoint);
      } catch (RuntimeException e) {
        jetty.close();
        throw e;
      }
    }
  }
}
