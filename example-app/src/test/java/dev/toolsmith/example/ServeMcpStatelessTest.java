package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code serve-mcp --http 0 --stateless --page-size 5} as a process: no session id is handed out,
 * and requests without one are served (list pages, calls), as a replica behind a load balancer
 * receives them.
 */
@Timeout(90)
final class ServeMcpStatelessTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern SERVING =
      Pattern.compile("Serving (\\d+) tools over MCP at (\\S+) statelessly");

  /**
   * {@code --max-connections-per-client} sets the cap a replica behind a balancer needs raised: a
   * connection over it is answered 503 with Retry-After, and a slot comes back when a connection
   * closes.
   */
  @Test
  void theConnectionCapPerClientIsSetOnTheCommandLine() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                Toolsmith.class.getName(),
                "serve-mcp",
                "--http",
                "0",
                "--stateless",
                "--max-connections-per-client",
                "2")
            .start();
    try {
      URI endpoint = URI.create(awaitServing(process).group(2));
      List<Socket> sockets = new ArrayList<>();
      List<String> statuses = new ArrayList<>();
      try {
        for (int i = 0; i < 3; i++) {
          sockets.add(new Socket(endpoint.getHost(), endpoint.getPort()));
        }
        Thread.sleep(300);
        for (Socket socket : sockets) {
          statuses.add(status(socket, endpoint));
        }
      } finally {
        for (Socket socket : sockets) {
          socket.close();
        }
      }
      // Which one is over the cap depends on the order the server's selectors see them open.
      assertEquals(List.of("200", "200", "503"), statuses.stream().sorted().toList());
      Thread.sleep(500); // the slots come back when the server sees the closes
      HttpResponse<String> list =
          post(
              HttpClient.newHttpClient(),
              endpoint,
              "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
      assertEquals(200, list.statusCode(), list.body());
    } finally {
      process.destroy();
      process.waitFor();
    }
  }

  /** The status of a {@code tools/list} sent on {@code socket}, as the status line says it. */
  private static String status(Socket socket, URI endpoint) throws IOException {
    byte[] body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}".getBytes(StandardCharsets.UTF_8);
    socket.setSoTimeout(10_000);
    socket
        .getOutputStream()
        .write(
            ("POST /mcp HTTP/1.1\r\nHost: "
                    + endpoint.getHost()
                    + ":"
                    + endpoint.getPort()
                    + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nContent-Length: "
                    + body.length
                    + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().write(body);
    socket.getOutputStream().flush();
    String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return answer.length() < 12 ? "closed" : answer.substring(9, 12);
  }

  @Test
  void aStatelessServerAnswersRequestsThatCarryNoSession() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                Toolsmith.class.getName(),
                "serve-mcp",
                "--http",
                "0",
                "--stateless",
                "--page-size",
                "5")
            .start();
    try {
      Matcher serving = awaitServing(process);
      URI endpoint = URI.create(serving.group(2));
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> init =
          post(
              http,
              endpoint,
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                  + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                  + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
      assertEquals(200, init.statusCode(), init.body());
      assertFalse(
          init.headers().firstValue("mcp-session-id").isPresent(), init.headers().toString());
      JsonNode page =
          MAPPER.readTree(
              post(http, endpoint, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")
                  .body());
      assertEquals(5, page.at("/result/tools").size(), page.toString());
      String cursor = page.at("/result/nextCursor").asText();
      JsonNode second =
          MAPPER.readTree(
              post(
                      http,
                      endpoint,
                      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{"
                          + "\"cursor\":\""
                          + cursor
                          + "\"}}")
                  .body());
      assertTrue(
          second
                  .at("/result/tools/0/name")
                  .asText()
                  .compareTo(page.at("/result/tools/4/name").asText())
              > 0,
          second.toString());
      JsonNode call =
          MAPPER.readTree(
              post(
                      http,
                      endpoint,
                      "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{"
                          + "\"name\":\"calculate\",\"arguments\":{\"expression\":\"6*7\"}}}")
                  .body());
      assertTrue(call.at("/result/content/0/text").asText().contains("42"), call.toString());
    } finally {
      process.destroy();
    }
  }

  /** Whether the server left {@code socket} open: nothing to read within a second. */
  private static Matcher awaitServing(Process process) throws Exception {
    BufferedReader err =
        new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
    String line;
    StringBuilder seen = new StringBuilder();
    while ((line = err.readLine()) != null) {
      Matcher matcher = SERVING.matcher(line);
      if (matcher.find()) {
        return matcher;
      }
      seen.append(line).append('\n');
    }
    throw new AssertionError("serve-mcp ended without serving:\n" + seen);
  }

  private static HttpResponse<String> post(HttpClient http, URI endpoint, String body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
