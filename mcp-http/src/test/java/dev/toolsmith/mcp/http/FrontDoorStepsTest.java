package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each step of the front door alone on a real Jetty, in front of a servlet that says what reached
 * it: what a step lets on, exactly, and that what it refuses never reaches the next.
 */
@Timeout(60)
final class FrontDoorStepsTest {

  private final HttpClient http = HttpClient.newHttpClient();

  /** Says what reached it: the body's length and the JSON-RPC method the gate kept, if any. */
  private static final class Echo extends HttpServlet {
    private static final long serialVersionUID = 1L;
    final transient AtomicInteger reached = new AtomicInteger();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      reached.incrementAndGet();
      int length = request.getInputStream().readAllBytes().length;
      JsonNode message = JsonRpcGate.message(request);
      String method = message == null ? "-" : message.path("method").asText();
      response.setStatus(200);
      response.getWriter().write(request.getMethod() + " " + length + " " + method);
    }
  }

  @Test
  void theBodyReaderPassesAChunkedBodyOnWholeAndStopsOneOverItsLimit() throws Exception {
    Echo echo = new Echo();
    try (JettyEndpoint jetty = start(List.of(new BoundedBodyReader(4096, 5_000, 5_000)), echo)) {
      HttpResponse<String> whole = post(jetty, chunked(new byte[4096]));
      assertEquals(200, whole.statusCode(), whole.body());
      assertEquals("POST 4096 -", whole.body());
      HttpResponse<String> over = post(jetty, chunked(new byte[4097]));
      assertEquals(413, over.statusCode(), over.body());
      assertEquals(1, echo.reached.get(), "the body over the limit reached the servlet");
      HttpResponse<String> get =
          http.send(
              HttpRequest.newBuilder(uri(jetty)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals("GET 0 -", get.body(), "a GET goes on as it came");
    }
  }

  @Test
  void theGateLetsOnOneMessageParsedAndNothingElse() throws Exception {
    Echo echo = new Echo();
    try (JettyEndpoint jetty =
        start(
            List.of(
                new BoundedBodyReader(4096, 5_000, 5_000),
                new JsonRpcGate((message, header) -> false)),
            echo)) {
      String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
      HttpResponse<String> one = post(jetty, HttpRequest.BodyPublishers.ofString(ping));
      assertEquals("POST " + ping.length() + " ping", one.body());
      for (String refused : List.of("[" + ping + "]", "42", "{\"jsonrpc\":", "")) {
        HttpResponse<String> answer = post(jetty, HttpRequest.BodyPublishers.ofString(refused));
        assertEquals(400, answer.statusCode(), refused + " -> " + answer.body());
        assertTrue(answer.body().contains("\"error\""), answer.body());
      }
      assertEquals(1, echo.reached.get(), "a refused body reached the servlet");
    }
  }

  @Test
  void theTokenCheckTakesTheSchemeInAnyCaseAndOnlyTheExactToken() {
    BearerTokenCheck check = new BearerTokenCheck("s3cret");
    assertTrue(check.authorized("Bearer s3cret"));
    assertTrue(check.authorized("bEARER  s3cret "));
    assertFalse(check.authorized("Bearer s3creT"));
    assertFalse(check.authorized("Bearer s3cret2"));
    assertFalse(check.authorized("Basic s3cret"));
    assertFalse(check.authorized("Bearer"));
    assertFalse(check.authorized(null));
  }

  private static JettyEndpoint start(List<Filter> steps, HttpServlet servlet) {
    return JettyEndpoint.start(
        new InetSocketAddress("127.0.0.1", 0),
        steps,
        servlet,
        "/mcp",
        new JettyEndpoint.Limits(16, 16, 5_000, 5_000));
  }

  private static URI uri(JettyEndpoint jetty) {
    return URI.create("http://127.0.0.1:" + jetty.port() + "/mcp");
  }

  /** A body of unknown length, sent chunked: only reading it tells its size. */
  private static HttpRequest.BodyPublisher chunked(byte[] body) {
    return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
  }

  private HttpResponse<String> post(JettyEndpoint jetty, HttpRequest.BodyPublisher body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(uri(jetty))
            .header("Content-Type", "application/json")
            .POST(body)
            .build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }
}
