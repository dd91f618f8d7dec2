package dev.toolsmith.langchain4j;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local stand-in for a provider's HTTP API: answers each POST with the next recorded response
 * body and keeps every request body. Bound to the loopback address only.
 */
final class ReplayServer implements AutoCloseable {

  final List<String> requests = new CopyOnWriteArrayList<>();
  private final HttpServer server;

  ReplayServer(List<String> responses) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          requests.add(body);
          int index = Math.min(requests.size(), responses.size()) - 1;
          byte[] answer = responses.get(index).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, answer.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(answer);
          }
        });
    server.start();
  }

  /** The base URL of the API, {@code http://127.0.0.1:PORT/v1}. */
  String baseUrl() {
    return "http://"
        + server.getAddress().getAddress().getHostAddress()
        + ":"
        + server.getAddress().getPort()
        + "/v1";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
