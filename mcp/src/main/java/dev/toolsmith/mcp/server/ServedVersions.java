package dev.toolsmith.mcp.server;

import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The MCP protocol versions served: the SDK's transports offer 2025-03-26 too, whose spec says a
 * server MUST accept JSON-RPC batches, which neither the SDK nor this server does (2025-06-18
 * removed them). So it is not offered: a client asking for it gets the latest version, as the
 * spec's negotiation says. Each transport is handed to the SDK's server through a view that names
 * only these versions; the SDK negotiates from that list.
 */
final class ServedVersions {

  /** Over Streamable HTTP, oldest first (the SDK answers an unknown request with the last). */
  static final List<String> HTTP =
      List.of(ProtocolVersions.MCP_2025_06_18, ProtocolVersions.MCP_2025_11_25);

  /** Over stdio, which also had 2024-11-05 (before Streamable HTTP, and without batches). */
  static final List<String> STDIO =
      List.of(
          ProtocolVersions.MCP_2024_11_05,
          ProtocolVersions.MCP_2025_06_18,
          ProtocolVersions.MCP_2025_11_25);

  private ServedVersions() {}

  /** {@code transport} offering only {@link #STDIO}. */
  static McpServerTransportProvider stdio(McpServerTransportProvider transport) {
    return new McpServerTransportProvider() {
      @Override
      public void setSessionFactory(McpServerSession.Factory factory) {
        transport.setSessionFactory(factory);
      }

      @Override
      public Mono<Void> notifyClients(String method, Object params) {
        return transport.notifyClients(method, params);
      }

      @Override
      public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return transport.notifyClient(sessionId, method, params);
      }

      @Override
      public void close() {
        transport.close();
      }

      @Override
      public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
      }

      @Override
      public List<String> protocolVersions() {
        return STDIO;
      }
    };
  }

  /** {@code transport} offering only {@link #HTTP}. */
  static McpStreamableServerTransportProvider http(McpStreamableServerTransportProvider transport) {
    return new McpStreamableServerTransportProvider() {
      @Override
      public void setSessionFactory(McpStreamableServerSession.Factory factory) {
        transport.setSessionFactory(factory);
      }

      @Override
      public Mono<Void> notifyClients(String method, Object params) {
        return transport.notifyClients(method, params);
      }

      @Override
      public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return transport.notifyClient(sessionId, method, params);
      }

      @Override
      public void close() {
        transport.close();
      }

      @Override
      public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
      }

      @Override
      public List<String> protocolVersions() {
        return HTTP;
      }
    };
  }

  /** {@code transport} offering only {@link #HTTP}. */
  static McpStatelessServerTransport stateless(McpStatelessServerTransport transport) {
    return new McpStatelessServerTransport() {
      @Override
      public void setMcpHandler(McpStatelessServerHandler handler) {
        transport.setMcpHandler(handler);
      }

      @Override
      public void close() {
        transport.close();
      }

      @Override
      public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
      }

      @Override
      public List<String> protocolVersions() {
        return HTTP;
      }
    };
  }
}
