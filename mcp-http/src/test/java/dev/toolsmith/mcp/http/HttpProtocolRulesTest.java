package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.ServeHostile;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the MCP spec requires of a Streamable HTTP server, over real HTTP: the protocol versions it
 * negotiates, the {@code MCP-Protocol-Version} header it accepts, and the capabilities it
 * advertises.
 */
@Timeout(120)
final class HttpProtocolRulesTest {

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}";

  @Test
  void anUnsupportedProtocolVersionHeaderIsBadRequestNamingTheSupportedVersions() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(ServeHostile.registry()).serve(ANY_LOOPBACK_PORT)) {
      URI endpoint = server.endpoint();
      String session = RawHttp.session(endpoint.getPort());
      for (String method : new String[] {"POST", "GET", "DELETE"}) {
        RawHttp.Answer refused = send(endpoint, method, LIST, session, "1999-01-01");
        HttpHostileTest.assertRefused(refused, 400, -32600);
        String message =
            RawHttp.JSON.readTree(refused.body()).path("error").path("message").asText();
        assertTrue(message.contains("1999-01-01"), message);
        assertTrue(message.contains("2025-06-18") && message.contains("2025-11-25"), message);
      }
      // The session was not touched by the refused DELETE; supported and absent headers go on.
      for (String version : new String[] {"2025-11-25", "2025-06-18", null}) {
        RawHttp.Answer tools = send(endpoint, "POST", LIST, session, version);
        assertEquals(200, tools.status(), tools.body());
        assertTrue(tools.message().path("result").has("tools"), tools.body());
      }
    }
    try (McpHttpServer server =
        McpHttpServer.builder(ServeHostile.registry()).stateless().serve(ANY_LOOPBACK_PORT)) {
      HttpHostileTest.assertRefused(
          send(server.endpoint(), "POST", LIST, null, "1999-01-01"), 400, -32600);
      assertEquals(200, send(server.endpoint(), "POST", LIST, null, "2025-11-25").status());
    }
  }

  @Test
  void aClientAskingFor2025_03_26IsOfferedTheNewestVersion() throws Exception {
    // 2025-03-26 servers MUST accept JSON-RPC batches; this one does not, so it never agrees to it.
    try (McpHttpServer withSessions =
            McpHttpServer.builder(ServeHostile.registry()).serve(ANY_LOOPBACK_PORT);
        McpHttpServer stateless =
            McpHttpServer.builder(ServeHostile.registry()).stateless().serve(ANY_LOOPBACK_PORT)) {
      for (McpHttpServer server : new McpHttpServer[] {withSessions, stateless}) {
        JsonNode result = initialize(server.endpoint(), "2025-03-26").path("result");
        assertEquals("2025-11-25", result.path("protocolVersion").asText(), result.toString());
        assertEquals(
            "2025-06-18",
            initialize(server.endpoint(), "2025-06-18").at("/result/protocolVersion").asText());
      }
    }
  }

  @Test
  void onlyAServerWithSessionsAdvertisesToolListChanges() throws Exception {
    try (McpHttpServer withSessions =
            McpHttpServer.builder(ServeHostile.registry()).serve(ANY_LOOPBACK_PORT);
        McpHttpServer stateless =
            McpHttpServer.builder(ServeHostile.registry()).stateless().serve(ANY_LOOPBACK_PORT)) {
      JsonNode tools =
          initialize(withSessions.endpoint(), "2025-11-25").at("/result/capabilities/tools");
      assertTrue(tools.path("listChanged").asBoolean(), tools.toString());
      // No stream to send tools/list_changed on: not advertised.
      JsonNode none = initialize(stateless.endpoint(), "2025-11-25").at("/result/capabilities");
      assertTrue(none.has("tools"), none.toString());
      assertFalse(none.path("tools").path("listChanged").asBoolean(), none.toString());
    }
  }

  private static JsonNode initialize(URI endpoint, String version) throws Exception {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\""
            + version
            + "\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    RawHttp.Answer answer = send(endpoint, "POST", body, null, null);
    assertEquals(200, answer.status(), answer.body());
    return answer.message();
  }

  /**
   * One request: a POST on a raw socket (an event stream is read to its first event), others with
   * the java.net.http client; {@code session} and {@code version} are optional headers.
   */
  private static RawHttp.Answer send(
      URI endpoint, String method, String body, @Nullable String session, @Nullable String version)
      throws Exception {
    Map<String, String> headers = new LinkedHashMap<>();
    if (session != null) {
      headers.put("Mcp-Session-Id", session);
    }
    if (version != null) {
      headers.put("MCP-Protocol-Version", version);
    }
    if ("POST".equals(method)) {
      return RawHttp.post(endpoint.getPort(), body, headers);
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(20))
            .header("Accept", "application/json, text/event-stream")
            .method(method, HttpRequest.BodyPublishers.noBody());
    headers.forEach(request::header);
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new RawHttp.Answer(
        response.statusCode(),
        response.headers().firstValue("mcp-session-id").orElse(null),
        response.body());
  }
}
