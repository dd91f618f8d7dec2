package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.server.Fixture;
import java.net.InetSocketAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A server bound beyond loopback needs a bearer token or allowed hosts, or an explicit force. */
@Timeout(60)
final class HttpAuthTest {

  private static final InetSocketAddress LOOPBACK = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void anAddressBeyondLoopbackIsRefusedWithoutTokenOrAllowedHosts() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                McpHttpServer.builder(Fixture.registry())
                    .serve(new InetSocketAddress("0.0.0.0", 0)));
    assertTrue(refused.getMessage().startsWith("refusing to serve MCP on"), refused.getMessage());
    try (McpHttpServer forced =
        McpHttpServer.builder(Fixture.registry())
            .serveAnyClientWithoutAuthentication()
            .serve(new InetSocketAddress("0.0.0.0", 0))) {
      assertTrue(forced.endpoint().getPort() > 0);
    }
  }

  @Test
  void aBearerTokenIsRequiredWhenSet() throws Exception {
    String token = "s3cret-token-0123456789";
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .bearerToken(token)
            .serve(new InetSocketAddress("0.0.0.0", 0))) {
      int port = server.endpoint().getPort();
      HttpHostileTest.assertRefused(
          RawHttp.post(port, RawHttp.initialize(), Map.of()), 401, -32000);
      HttpHostileTest.assertRefused(
          RawHttp.post(
              port, RawHttp.initialize(), Map.of("Authorization", "Bearer " + token + "x")),
          401,
          -32000);
      HttpHostileTest.assertRefused(
          RawHttp.post(port, RawHttp.initialize(), Map.of("Authorization", "Basic " + token)),
          401,
          -32000);
      RawHttp.Answer ok =
          RawHttp.post(port, RawHttp.initialize(), Map.of("Authorization", "Bearer " + token));
      assertEquals(200, ok.status(), ok.body());
      assertTrue(ok.message().path("result").has("serverInfo"), ok.body());
    }
  }

  @Test
  void theBearerSchemeIsMatchedInAnyCase() throws Exception {
    // RFC 7235 section 2.1: the auth scheme is case-insensitive; the token is not.
    String token = "s3cret-token-0123456789";
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry()).bearerToken(token).serve(LOOPBACK)) {
      int port = server.endpoint().getPort();
      for (String scheme : new String[] {"bearer", "BEARER", "bEaReR"}) {
        RawHttp.Answer ok =
            RawHttp.post(port, RawHttp.initialize(), Map.of("Authorization", scheme + " " + token));
        assertEquals(200, ok.status(), scheme + ": " + ok.body());
      }
      HttpHostileTest.assertRefused(
          RawHttp.post(
              port, RawHttp.initialize(), Map.of("Authorization", "bearer " + token.toUpperCase())),
          401,
          -32000);
      HttpHostileTest.assertRefused(
          RawHttp.post(port, RawHttp.initialize(), Map.of("Authorization", "bearer")), 401, -32000);
    }
  }
}
