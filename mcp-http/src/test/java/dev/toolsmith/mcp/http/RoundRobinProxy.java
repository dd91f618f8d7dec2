package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A load balancer at its simplest: each request goes to the next replica in turn, whole (bodies are
 * buffered, so only JSON answers pass: what a stateless server sends). Records which replica took
 * which JSON-RPC method.
 */
final class RoundRobinProxy implements AutoCloseable {

  /**
   * One forwarded request: its turn (the order the proxy took requests in), the replica's index,
   * the HTTP method, the JSON-RPC method or "".
   */
  record Forwarded(int turn, int replica, String httpMethod, String rpcMethod, int status) {}

  private static final Set<String> PASSED_HEADERS =
      Set.of("content-type", "accept", "mcp-protocol-version", "mcp-session-id", "authorization");
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final List<URI> replicas;
  private final HttpServer server;
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final AtomicInteger next = new AtomicInteger();
  private final List<Forwarded> log = new CopyOnWriteArrayList<>();

  RoundRobinProxy(List<URI> replicas) throws IOException {
    this.replicas = List.copyOf(replicas);
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/mcp", this::forward);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp");
  }

  /**
   * Every forwarded request in the order the proxy took them (answers may come back in another).
   */
  List<Forwarded> log() {
    return log.stream().sorted(java.util.Comparator.comparingInt(Forwarded::turn)).toList();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      int turn = next.getAndIncrement();
      int replica = Math.floorMod(turn, replicas.size());
      HttpRequest.Builder request =
          HttpRequest.newBuilder(replicas.get(replica))
              .timeout(Duration.ofSeconds(30))
              .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
      exchange
          .getRequestHeaders()
          .forEach(
              (name, values) -> {
                if (PASSED_HEADERS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                  values.forEach(value -> request.header(name, value));
                }
              });
      HttpResponse<byte[]> response;
      try {
        response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
      log.add(
          new Forwarded(
              turn, replica, exchange.getRequestMethod(), rpcMethod(body), response.statusCode()));
      response
          .headers()
          .map()
          .forEach(
              (name, values) -> {
                if (!name.equalsIgnoreCase("content-length")
                    && !name.equalsIgnoreCase("transfer-encoding")
                    && !name.startsWith(":")) {
                  exchange.getResponseHeaders().put(name, values);
                }
              });
      byte[] answer = response.body();
      exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
      if (answer.length > 0) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer);
        }
      }
    }
  }

  private static String rpcMethod(byte[] body) {
    try {
      JsonNode node = MAPPER.readTree(body);
      return node == null ? "" : node.path("method").asText("");
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
