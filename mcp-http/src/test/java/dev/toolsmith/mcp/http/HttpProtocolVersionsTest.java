package dev.toolsmith.mcp.http;

import dev.toolsmith.mcp.server.ProtocolFixture;
import dev.toolsmith.mcp.server.ProtocolVersionChecks;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every protocol version the TypeScript and Python SDK clients can ask for, over Streamable HTTP,
 * with sessions and stateless.
 */
@Timeout(300)
final class HttpProtocolVersionsTest {

  private static McpHttpServer.Builder builder() {
    return McpHttpServer.builder(ProtocolFixture.registry(ProtocolVersionChecks.FILLERS));
  }

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void theTypeScriptClientAtEachVersion() throws Exception {
    try (McpHttpServer server = builder().serve(ANY_LOOPBACK_PORT)) {
      ProtocolVersionChecks.typeScript(
          ProtocolVersionChecks.STREAMABLE_HTTP, List.of("http", server.endpoint().toString()));
    }
  }

  @Test
  void thePythonClientAtEachVersion() throws Exception {
    try (McpHttpServer server = builder().serve(ANY_LOOPBACK_PORT)) {
      ProtocolVersionChecks.python(
          ProtocolVersionChecks.STREAMABLE_HTTP,
          List.of("http", server.endpoint().toString()),
          true);
    }
  }

  @Test
  void bothClientsAtEachVersionStatelessly() throws Exception {
    try (McpHttpServer server = builder().stateless().serve(ANY_LOOPBACK_PORT)) {
      ProtocolVersionChecks.typeScript(
          ProtocolVersionChecks.STREAMABLE_HTTP, List.of("http", server.endpoint().toString()));
      ProtocolVersionChecks.python(
          ProtocolVersionChecks.STREAMABLE_HTTP,
          List.of("http", server.endpoint().toString()),
          false);
    }
  }
}
