package dev.toolsmith.mcp.http;

import dev.toolsmith.mcp.server.TransportHook;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The settings of one endpoint as {@link McpHttpServer.Builder} gathered them, and the endpoint
 * they make: both eras' SDK servlets behind the front door's filters, on Jetty.
 */
record EndpointSetup(
    int maxRequestBytes,
    Duration requestTimeout,
    Duration bodyIdleTimeout,
    int maxConnections,
    int maxConnectionsPerClient,
    int maxSessions,
    int maxSessionsPerClient,
    Duration sessionIdleTimeout,
    @Nullable String bearerToken,
    boolean stateless) {

  /**
   * Runs both eras' SDK servlets behind the front door on {@code address}, through {@code hook};
   * the legacy one with sessions, or stateless.
   */
  JettyEndpoint connect(TransportHook hook, InetSocketAddress address, HostOriginGuard guard) {
    McpJsonMapper json = hook.jsonMapper();
    HttpServlet legacy;
    if (stateless) {
      HttpServletStatelessServerTransport transport =
          HttpServletStatelessServerTransport.builder()
              .jsonMapper(json)
              .messageEndpoint(McpHttpServer.PATH)
              .httpHeaderValidator(guard)
              .maxRequestSize(maxRequestBytes)
              .build();
      hook.legacyStateless(transport);
      legacy = transport;
    } else {
      HttpServletStreamableServerTransportProvider transport =
          HttpServletStreamableServerTransportProvider.builder()
              .jsonMapper(json)
              .mcpEndpoint(McpHttpServer.PATH)
              .httpHeaderValidator(guard)
              .maxRequestSize(maxRequestBytes)
              .sessionSweepInterval(sessionIdleTimeout)
              .build();
      hook.legacySessions(transport);
      legacy = transport;
    }
    HttpServlet modern =
        HttpServletMcpTransport.builder(hook.modernServer())
            .jsonMapper(json)
            .endpoint(McpHttpServer.PATH)
            .httpHeaderValidator(guard)
            .maxRequestSize(maxRequestBytes)
            .build();
    if (bearerToken != null) {
      hook.privateListings();
    }
    Sessions sessions =
        new Sessions(maxSessions, maxSessionsPerClient, sessionIdleTimeout.toNanos());
    // The front door, in order: who may ask, a body read without holding a thread, one
    // JSON-RPC message and its era, which legacy protocol, what the registry answers itself, the
    // session caps, and the SDK's errors as JSON-RPC; then the SDK's servlet of the era.
    List<Filter> frontDoor = new ArrayList<>();
    if (bearerToken != null) {
      frontDoor.add(new BearerTokenCheck(bearerToken));
    }
    frontDoor.add(
        new BoundedBodyReader(
            maxRequestBytes, requestTimeout.toMillis(), bodyIdleTimeout.toMillis()));
    frontDoor.add(new JsonRpcGate(hook::isModern));
    frontDoor.add(new ProtocolVersionHeader(hook.legacyVersions(), hook.versions()));
    frontDoor.add(new RegistryAnswers(sessions, stateless, hook));
    frontDoor.add(new SessionCap(sessions, legacy, stateless));
    frontDoor.add(new SdkErrorsAsJsonRpc());
    JettyEndpoint jetty =
        JettyEndpoint.start(
            address,
            frontDoor,
            new EraRouter(legacy, modern),
            McpHttpServer.PATH,
            new JettyEndpoint.Limits(
                maxConnections,
                maxConnectionsPerClient,
                requestTimeout.toMillis(),
                requestTimeout.toMillis()));
    guard.bound(host(address), jetty.port());
    return jetty;
  }

  /** The host of {@code address} as a URI writes it: an IPv6 address in brackets. */
  static String host(InetSocketAddress address) {
    String host = address.getHostString();
    return host.contains(":") ? "[" + host + "]" : host;
  }

  /**
   * Refuses to serve on {@code address} beyond loopback to anyone who can reach it: that needs a
   * bearer token, or {@code namedClients} (allowed hosts, or serving any client on purpose).
   */
  void checkReach(InetSocketAddress address, boolean namedClients) {
    boolean loopback = address.getAddress() != null && address.getAddress().isLoopbackAddress();
    if (!loopback && bearerToken == null && !namedClients) {
      throw new IllegalArgumentException(
          "refusing to serve MCP on "
              + address
              + ", beyond loopback, to anyone who can reach it: set a bearerToken or an allowedHost,"
              + " or call serveAnyClientWithoutAuthentication() if that is meant");
    }
  }
}
