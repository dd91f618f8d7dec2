package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/** The client transports a server's configuration asks for: its process, or HTTP of either era. */
final class ClientTransports {

  private ClientTransports() {}

  /**
   * Starts a stdio server's process with the minimal environment plus its own {@code env}; {@code
   * onLost} hears why when the connection cannot go on (the process ended without being closed, or
   * wrote an oversized answer).
   */
  static ProcessTransport process(McpServerConfig config, Consumer<String> onLost) {
    List<String> command = new ArrayList<>();
    command.add(config.command());
    command.addAll(config.args());
    ProcessTransport process =
        new ProcessTransport(
            config.name(),
            command,
            ChildEnvironment.of(System.getenv(), config.env()),
            config.maxMessageBytes(),
            onLost);
    try {
      process.start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "could not start " + String.join(" ", command) + ": " + e.getMessage(), e);
    }
    return process;
  }

  /** Streamable HTTP, or the legacy HTTP+SSE transport when the configuration asks for it. */
  static McpClientTransport http(McpServerConfig config) {
    boolean legacy = config.transport() == McpServerConfig.Transport.SSE;
    return legacy ? sse(config) : streamableHttp(config);
  }

  private static McpClientTransport streamableHttp(McpServerConfig config) {
    URI uri = URI.create(config.url());
    String endpoint = path(uri, "/");
    if (uri.getRawQuery() != null) {
      endpoint += "?" + uri.getRawQuery();
    }
    return HttpClientStreamableHttpTransport.builder(base(uri))
        .endpoint(endpoint)
        .jsonMapper(McpJson.SDK)
        .connectTimeout(config.connectTimeout())
        .addHttpRequestCustomizer(
            (request, method, target, body, context) -> config.headers().forEach(request::header))
        .build();
  }

  @SuppressWarnings("deprecation") // legacy HTTP+SSE, used only when the configuration asks for it
  private static McpClientTransport sse(McpServerConfig config) {
    URI uri = URI.create(config.url());
    return HttpClientSseClientTransport.builder(base(uri))
        .sseEndpoint(path(uri, "/sse"))
        .jsonMapper(McpJson.SDK)
        .connectTimeout(config.connectTimeout())
        .addHttpRequestCustomizer(
            (request, method, target, body, context) -> config.headers().forEach(request::header))
        .build();
  }

  /**
   * The 2026-07-28 Streamable HTTP transport to the configured url, with the configured headers on
   * every request (a name the transport sets itself, such as {@code Mcp-Method}, fails the
   * request).
   */
  static io.modelcontextprotocol.modern.client.transport.McpClientTransport modernHttp(
      McpServerConfig config) {
    return HttpClientMcpTransport.builder(URI.create(config.url()))
        .jsonMapper(McpJson.SDK)
        .connectTimeout(config.connectTimeout())
        .requestCustomizer(
            (request, headers, context) -> {
              config.headers().forEach(headers::set);
              return Mono.empty();
            })
        .build();
  }

  private static String path(URI uri, String fallback) {
    return uri.getRawPath() == null || uri.getRawPath().isEmpty() ? fallback : uri.getRawPath();
  }

  private static String base(URI uri) {
    return uri.getScheme() + "://" + uri.getRawAuthority();
  }
}
