package dev.toolsmith.mcp.http;

import dev.toolsmith.mcp.server.Fixture;
import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.mcp.server.ToolSearchChecks;
import dev.toolsmith.mcp.server.ToolSearchClients;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tool search served over Streamable HTTP, with sessions and stateless: checked by the MCP Java
 * SDK's client, and by real clients of both eras (the TypeScript SDK v2 pinned to 2026-07-28 and
 * the legacy v1 SDK, see {@link ToolSearchClients}).
 */
@Timeout(180)
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

  @ParameterizedTest
  @ValueSource(strings = {"modern", "legacy"})
  void aClientOfEachEraIsListedTheSameAndCallsWhatItFound(String client) throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(
                McpRegistryServer.builder(Fixture.registry()).toolSearch(Set.of("add")))
            .serve(ANY_LOOPBACK_PORT)) {
      ToolSearchClients.check(client, List.of("http", server.endpoint().toString()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "legacy"})
  void statelessAClientOfEachEraIsListedTheSameAndCallsWhatItFound(String client) throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(
                McpRegistryServer.builder(Fixture.registry()).toolSearch(Set.of("add")))
            .stateless()
            .serve(ANY_LOOPBACK_PORT)) {
      ToolSearchClients.check(client, List.of("http", server.endpoint().toString()));
    }
  }

  private static HttpClientStreamableHttpTransport transport(URI endpoint) {
    return HttpClientStreamableHttpTransport.builder(
            endpoint.getScheme() + "://" + endpoint.getAuthority())
        .endpoint(endpoint.getPath())
        .build();
  }
}
