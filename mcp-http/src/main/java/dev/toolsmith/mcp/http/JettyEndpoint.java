package dev.toolsmith.mcp.http;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A Jetty server running one asynchronous servlet behind a chain of filters at one path, on one
 * address.
 */
final class JettyEndpoint implements AutoCloseable {

  private static final Logger LOG = System.getLogger(JettyEndpoint.class.getName());

  private final Server jetty;
  private final ServerConnector connector;

  private JettyEndpoint(Server jetty, ServerConnector connector) {
    this.jetty = jetty;
    this.connector = connector;
  }

  /** What the endpoint bounds: connections in all and per client, and the wait for headers. */
  record Limits(
      int maxConnections,
      int maxConnectionsPerClient,
      long headerTimeoutMillis,
      long idleTimeoutMillis) {}

  /**
   * Binds {@code address} and serves {@code servlet} at {@code path} behind {@code filters} (in
   * order, on the first dispatch and on the asynchronous ones) within {@code limits}; port 0 picks
   * a free one.
   */
  static JettyEndpoint start(
      InetSocketAddress address,
      List<Filter> filters,
      Servlet servlet,
      String path,
      Limits limits) {
    Server jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost(address.getHostString());
    connector.setPort(address.getPort());
    connector.setIdleTimeout(limits.idleTimeoutMillis());
    // Java's default backlog is 50: a burst beyond it waits in SYN retries, untimed by the server.
    connector.setAcceptQueueSize(1024);
    jetty.addConnector(connector);
    jetty.addBean(new NetworkConnectionLimit(limits.maxConnections(), connector));
    ClientLimits clientLimits =
        new ClientLimits(
            limits.maxConnectionsPerClient(),
            limits.headerTimeoutMillis(),
            connector.getScheduler());
    connector.addBean(clientLimits.connections());
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    for (Filter filter : filters) {
      FilterHolder filterHolder = new FilterHolder(filter);
      filterHolder.setAsyncSupported(true);
      context.addFilter(
          filterHolder, path, EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
    }
    ServletHolder holder = new ServletHolder(servlet);
    holder.setAsyncSupported(true);
    context.addServlet(holder, path);
    clientLimits.setHandler(context);
    jetty.setHandler(clientLimits);
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
    return new JettyEndpoint(jetty, connector);
  }

  /** The bound port. */
  int port() {
    return connector.getLocalPort();
  }

  /** Stops listening and drops open connections. */
  @Override
  public void close() {
    try {
      jetty.stop();
    } catch (Exception e) {
      LOG.log(Level.DEBUG, "Stopping the HTTP server failed", e);
    }
  }
}
