package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.ServeHostile;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile requests over Streamable HTTP: errors are JSON-RPC errors, arguments go as sent. */
@Timeout(120)
final class HttpHostileTest {

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void everyErrorIsAShortJsonRpcErrorWithNothingInternal() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(ServeHostile.registry()).serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      String session = RawHttp.session(port);
      String list = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}";
      assertRefused(RawHttp.post(port, "{not json", RawHttp.in(session)), 400, -32700);
      assertRefused(RawHttp.post(port, "", RawHttp.in(session)), 400, -32700);
      assertRefused(RawHttp.post(port, list, Map.of()), 400, -32600); // no session id
      assertRefused(RawHttp.post(port, list, RawHttp.in("foreign")), 404, -32001);
      assertRefused(RawHttp.post(port, "[" + list + "]", RawHttp.in(session)), 400, -32600);
      for (String id : List.of("null", "1.5", "{}", "[]", "1" + "0".repeat(30))) {
        assertRefused(
            RawHttp.post(
                port,
                "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}",
                RawHttp.in(session)),
            400,
            -32600);
      }
      assertRefused(
          RawHttp.post(port, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}", RawHttp.in(session)),
          400,
          -32600); // a response, though the server asked nothing
      assertRefused(
          RawHttp.post(
              port,
              "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\","
                  + "\"params\":"
                  + "[".repeat(1001)
                  + "]".repeat(1001)
                  + "}",
              RawHttp.in(session)),
          400,
          -32700);
      // The session still works.
      RawHttp.Answer tools = RawHttp.post(port, list, RawHttp.in(session));
      assertEquals(200, tools.status(), tools.body());
      assertTrue(tools.message().path("result").has("tools"), tools.body());
    }
  }

  @Test
  void argumentsThatAreNotAnObjectAreInvalidParamsAtOnce() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(ServeHostile.registry()).serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      String session = RawHttp.session(port);
      for (String arguments : List.of("[]", "\"\"", "5")) {
        long start = System.nanoTime();
        RawHttp.Answer answer =
            RawHttp.post(
                port,
                "{\"jsonrpc\":\"2.0\",\"id\":9,"
                    + "\"method\":\"tools/call\",\"params\":{\"name\":\"add\",\"arguments\":"
                    + arguments
                    + "}}",
                RawHttp.in(session));
        JsonNode message = answer.message();
        assertEquals(-32602, message.path("error").path("code").asInt(), answer.body());
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "answered late");
        String text = message.path("error").path("message").asText();
        assertFalse(text.contains("jackson") || text.contains("java."), text);
      }
    }
  }

  @Test
  void argumentsReachTheRegistryAsSent() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(ServeHostile.registry()).serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      String session = RawHttp.session(port);
      String sent = "{\"expression\":\"1+1\",\"expression\":\"2+2\"}";
      RawHttp.Answer answer =
          RawHttp.post(
              port,
              "{\"jsonrpc\":\"2.0\",\"id\":9,"
                  + "\"method\":\"tools/call\",\"params\":{\"name\":\"echo_raw\",\"arguments\":"
                  + sent
                  + "}}",
              RawHttp.in(session));
      String text = answer.message().path("result").path("content").path(0).path("text").asText();
      assertEquals(sent, RawHttp.JSON.readTree(text).path("received").asText(), answer.body());
    }
  }

  static void assertRefused(RawHttp.Answer answer, int status, int code) throws Exception {
    assertEquals(status, answer.status(), answer.body());
    assertTrue(answer.body().length() < 300, answer.body());
    for (String internal : List.of("Exception", "java.", ".java", "stackTrace", "jackson")) {
      assertFalse(answer.body().contains(internal), answer.body());
    }
    JsonNode message = RawHttp.JSON.readTree(answer.body());
    assertEquals("2.0", message.path("jsonrpc").asText(), answer.body());
    assertEquals(code, message.path("error").path("code").asInt(), answer.body());
    assertFalse(message.path("error").path("message").asText().isEmpty(), answer.body());
  }
}
