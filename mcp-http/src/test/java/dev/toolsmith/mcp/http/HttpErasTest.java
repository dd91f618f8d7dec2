package dev.toolsmith.mcp.http;

import dev.toolsmith.mcp.server.ErasSession;
import dev.toolsmith.mcp.server.Fixture;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The registry served over Streamable HTTP to a client of each era on one endpoint: the TypeScript
 * SDK v2 pinned to 2026-07-28, v2 probing the era, and the legacy v1 SDK; with sessions and
 * stateless.
 */
@Timeout(180)
final class HttpErasTest {

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @ParameterizedTest
  @ValueSource(strings = {"modern", "dual", "legacy"})
  void aClientOfEachEraListsCallsAndHearsOfChanges(String client) throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry()).serve(ANY_LOOPBACK_PORT)) {
      ErasSession.check(client, List.of("http", server.endpoint().toString()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"2026-07-28", "auto", "legacy"})
  void fastMcpsClientInEachModeListsAndCalls(String mode) throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry()).serve(ANY_LOOPBACK_PORT)) {
      ErasSession.checkFastMcp(mode, List.of("http", server.endpoint().toString()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"modern", "dual", "legacy"})
  void aClientOfEachEraListsAndCallsStateless(String client) throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry()).stateless().serve(ANY_LOOPBACK_PORT)) {
      ErasSession.check(client, List.of("http", server.endpoint().toString()), false);
    }
  }
}
