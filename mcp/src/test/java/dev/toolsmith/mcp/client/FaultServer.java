package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import reactor.core.publisher.Mono;

/**
 * A Java SDK MCP server over Streamable HTTP on a loopback port, built to misbehave: {@code slow}
 * never answers, {@code garbage} gets a reply that is not JSON-RPC, and tools can be added and
 * removed (each change announced) while clients call {@code ok}.
 */
final class FaultServer implements AutoCloseable {

  final CountDownLatch slowEntered = new CountDownLatch(1);
  final AtomicInteger okCalls = new AtomicInteger();
  final AtomicInteger errorCalls = new AtomicInteger();

  /** The {@code _meta} of the last call of {@code ok}; empty when it had none. */
  volatile Map<String, Object> lastOkMeta = Map.of();

  /** The Authorization header of the last POST, or null. */
  volatile String lastAuthorization;

  private final McpAsyncServer server;
  private final Server jetty;
  private final ServerConnector connector;
  private final String url;

  FaultServer() throws Exception {
    this(0);
  }

  /** A server on {@code port}; 0 picks a free one. */
  FaultServer(int port) throws Exception {
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJson.SDK)
            .mcpEndpoint("/mcp")
            .build();
    server =
        McpServer.async(transport)
            .serverInfo("faulty", "1.0")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .jsonMapper(McpJson.SDK)
            .tools(
                tool(
                    "ok",
                    (exchange, request) -> {
                      okCalls.incrementAndGet();
                      lastOkMeta = request.meta() == null ? Map.of() : request.meta();
                      return Mono.just(text("fine"));
                    }),
                tool(
                    "slow",
                    (exchange, request) ->
                        Mono.defer(
                            () -> {
                              slowEntered.countDown();
                              return Mono.never();
                            })),
                tool("garbage", (exchange, request) -> Mono.just(text("never sent"))))
            .build();
    jetty = new Server();
    connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    ServletHolder holder = new ServletHolder(transport);
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/mcp");
    context.addFilter(
        new FilterHolder(new GarbageFilter(this)), "/mcp", EnumSet.of(DispatcherType.REQUEST));
    jetty.setHandler(context);
    jetty.start();
    url = "http://127.0.0.1:" + connector.getLocalPort() + "/mcp";
  }

  String url() {
    return url;
  }

  void addTool(String name) {
    server.addTool(tool(name, (exchange, request) -> Mono.just(text(name)))).block();
  }

  /**
   * Adds {@code name}, which answers an {@code isError} result of {@code text} while {@code
   * failing} is set, else {@code text(name)}; {@link #errorCalls} counts its calls.
   */
  void addErrorTool(String name, String text, java.util.concurrent.atomic.AtomicBoolean failing) {
    server
        .addTool(
            tool(
                name,
                (exchange, request) -> {
                  errorCalls.incrementAndGet();
                  return Mono.just(
                      failing.get()
                          ? McpSchema.CallToolResult.builder()
                              .addTextContent(text)
                              .isError(true)
                              .build()
                          : text(name));
                }))
        .block();
  }

  void removeTool(String name) {
    server.removeTool(name).block();
  }

  /** Stops the HTTP server at once, dropping open connections: the process "dies". */
  void kill() throws Exception {
    jetty.stop();
  }

  /** A new server on this one's port, as a restarted process would be. */
  FaultServer revive() throws Exception {
    return new FaultServer(port());
  }

  private int port() {
    return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1, url.lastIndexOf('/')));
  }

  @Override
  public void close() {
    try {
      jetty.stop();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      server.close();
    }
  }

  private static McpServerFeatures.AsyncToolSpecification tool(
      String name,
      java.util.function.BiFunction<
              io.modelcontextprotocol.server.McpAsyncServerExchange,
              McpSchema.CallToolRequest,
              Mono<McpSchema.CallToolResult>>
          handler) {
    return McpServerFeatures.AsyncToolSpecification.builder()
        .tool(
            McpSchema.Tool.builder(name, Map.of("type", "object", "properties", Map.of()))
                .description("The " + name + " tool.")
                .build())
        .callHandler(handler)
        .build();
  }

  private static McpSchema.CallToolResult text(String text) {
    return McpSchema.CallToolResult.builder().addTextContent(text).build();
  }

  /** Answers a call of the tool {@code garbage} with bytes that are not JSON-RPC. */
  private static final class GarbageFilter implements Filter {
    private final FaultServer owner;

    GarbageFilter(FaultServer owner) {
      this.owner = owner;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
        throws IOException, ServletException {
      HttpServletRequest http = (HttpServletRequest) request;
      if (!"POST".equals(http.getMethod())) {
        chain.doFilter(request, response);
        return;
      }
      owner.lastAuthorization = http.getHeader("Authorization");
      byte[] body = http.getInputStream().readAllBytes();
      String text = new String(body, StandardCharsets.UTF_8);
      if (text.contains("\"tools/call\"") && text.contains("\"garbage\"")) {
        HttpServletResponse out = (HttpServletResponse) response;
        out.setStatus(200);
        out.setContentType("application/json");
        out.getOutputStream()
            .write("<html>}{ this is not JSON-RPC".getBytes(StandardCharsets.UTF_8));
        return;
      }
      chain.doFilter(new CachedBody(http, body), response);
    }
  }

  /** A request whose body was read once already. */
  private static final class CachedBody extends HttpServletRequestWrapper {
    private final byte[] body;

    CachedBody(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new UnsupportedOperationException();
        }

        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(
          new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }
  }
}
