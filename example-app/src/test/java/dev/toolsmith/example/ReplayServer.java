package dev.toolsmith.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A model API on loopback that replays recorded replies, one per request, and records what the
 * official client sent: path, headers and body. Past the last reply it answers 500.
 */
final class ReplayServer implements AutoCloseable {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** One request the client sent. */
  record Request(String path, Map<String, String> headers, JsonNode body) {}

  private final HttpServer server;
  private final Deque<String> replies = new ArrayDeque<>();
  private final List<Request> requests = new ArrayList<>();

  /** A server replaying the replies of the JSON array in test resource {@code chat/NAME.json}. */
  static ReplayServer replaying(String name) throws IOException {
    ReplayServer replay = new ReplayServer();
    try (InputStream in = ReplayServer.class.getResourceAsStream("/chat/" + name + ".json")) {
      if (in == null) {
        throw new IOException("no recorded exchange chat/" + name + ".json");
      }
      for (JsonNode reply : MAPPER.readTree(in)) {
        replay.replies.add(MAPPER.writeValueAsString(reply));
      }
    }
    return replay;
  }

  private ReplayServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  /** The base URL for openai-java: the Chat Completions path is below it. */
  String openAiBaseUrl() {
    return origin() + "/v1";
  }

  /** The base URL for anthropic-java, which adds {@code /v1/messages} itself. */
  String origin() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** What the client sent, in order. */
  synchronized List<Request> requests() {
    return List.copyOf(requests);
  }

  /** Recorded replies no request asked for. */
  synchronized int unused() {
    return replies.size();
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
      String reply;
      synchronized (this) {
        requests.add(
            new Request(
                exchange.getRequestURI().getPath(),
                headers,
                MAPPER.readTree(new String(body, StandardCharsets.UTF_8))));
        reply = replies.poll();
      }
      int status = reply == null ? 500 : 200;
      byte[] out =
          (reply == null ? "{\"error\":{\"message\":\"no more recorded replies\"}}" : reply)
              .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, out.length);
      try (OutputStream response = exchange.getResponseBody()) {
        response.write(out);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
