package dev.toolsmith.mcp.http;

import dev.toolsmith.mcp.server.Fixture;
import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.mcp.server.ToolSearchChecks;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Tool search served over Streamable HTTP, checked by the MCP Java SDK's client. */
@Timeout(120)
final class HttpToolSearchTest {

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void withSessionsTheListingStaysFixedAndCallToolCallsWhatWasFound() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(
                McpRegistryServer.builder(Fixture.registry()).toolSearch(Set.of("add")))
            .serve(ANY_LOOPBACK_PORT)) {
      ToolSearchChecks.check(transport(server.endpoint()));
      // Another session is listed the same.
      ToolSearchChecks.check(transport(server.endpoint()));
    }
  }

  @Test
  void statelessTheSameListingSearchAndCallTool() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(
                McpRegistryServer.builder(Fixture.registry()).toolSearch(Set.of("add")))
            .stateless()
            .serve(ANY_LOOPBACK_PORT)) {
      ToolSearchChecks.check(transport(server.endpoint()));
    }
  }

  private static HttpClientStreamableHttpTransport transport(URI endpoint) {
    return HttpClientStreamableHttpTransport.builder(
            endpoint.getScheme() + "://" + endpoint.getAuthority())
        .endpoint(endpoint.getPath())
        .build();
  }
}
