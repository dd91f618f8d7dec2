package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A served process ({@link ServeProxy}) proxying the tools of a TypeScript SDK server
 * (upstream-progress.mjs), called in raw JSON-RPC over its stdio: the upstream's progress reaches
 * the client under the client's own token, and the client's cancel reaches the upstream as {@code
 * notifications/cancelled} naming the request the upstream got.
 */
@Timeout(120)
final class ServedProxyTest {

  private Process process;
  private OutputStream toServer;
  private final BlockingQueue<String> fromServer = new LinkedBlockingQueue<>();
  private final List<JsonNode> notifications = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    process =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                ServeProxy.class.getName(),
                Peers.node(),
                Peers.script("upstream-progress.mjs").toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    toServer = process.getOutputStream();
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    Thread reader = new Thread(() -> lines.lines().forEach(fromServer::add), "from-server");
    reader.setDaemon(true);
    reader.start();
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
    assertTrue(answerTo(1).has("result"));
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  @AfterEach
  void stop() {
    process.destroyForcibly();
  }

  @Test
  void theUpstreamsProgressReachesTheClientWithItsOwnToken() throws Exception {
    send(call(2, "mcp__up__steps", ",\"_meta\":{\"progressToken\":\"mine\"}"));
    assertEquals("stepped", text(answerTo(2)));
    List<String> progress = new ArrayList<>();
    for (JsonNode notification : notifications) {
      if (notification.path("method").asText().equals("notifications/progress")) {
        JsonNode params = notification.path("params");
        progress.add(
            params.path("progressToken").asText()
                + " "
                + params.path("progress").asInt()
                + "/"
                + params.path("total").asInt()
                + " "
                + params.path("message").asText());
      }
    }
    assertEquals(List.of("mine 1/3 step 1", "mine 2/3 step 2", "mine 3/3 step 3"), progress);
  }

  @Test
  void aCancelledCallIsCancelledUpstreamWithTheUpstreamsRequestId() throws Exception {
    send(call(3, "mcp__up__wait", ""));
    JsonNode seen = seen(10);
    for (int i = 11; seen.path("started").size() == 0 && i < 60; i++) {
      Thread.sleep(200);
      seen = seen(i);
    }
    assertEquals(1, seen.path("started").size(), seen.toString());
    send(
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
            + "\"params\":{\"requestId\":3,\"reason\":\"enough\"}}");
    for (int i = 60; seen.path("cancelled").size() == 0 && i < 110; i++) {
      Thread.sleep(200);
      seen = seen(i);
    }
    // The upstream's own request id (not the client's 3) was cancelled there.
    assertEquals(seen.path("started"), seen.path("cancelled"), seen.toString());
  }

  private JsonNode seen(int id) throws Exception {
    send(call(id, "mcp__up__seen", ""));
    return McpJson.MAPPER.readTree(text(answerTo(id)));
  }

  /** The text an upstream tool answered: served as {@code {"result":TEXT}} in a text block. */
  private static String text(JsonNode answer) throws Exception {
    String block = answer.path("result").path("content").path(0).path("text").asText();
    return McpJson.MAPPER.readTree(block).path("result").asText();
  }

  private static String call(int id, String tool, String extra) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
        + tool
        + "\",\"arguments\":{}"
        + extra
        + "}}";
  }

  private void send(String line) throws Exception {
    toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    toServer.flush();
  }

  /** The next answer with {@code id} within 20 s; notifications are kept, others passed over. */
  private JsonNode answerTo(int id) throws Exception {
    List<String> seen = new ArrayList<>();
    String line;
    while ((line = fromServer.poll(20, TimeUnit.SECONDS)) != null) {
      JsonNode node = McpJson.MAPPER.readTree(line);
      if (node.path("id").isInt() && node.path("id").asInt() == id) {
        return node;
      }
      if (!node.has("id")) {
        notifications.add(node);
      }
      seen.add(line);
    }
    throw new AssertionError("no answer to " + id + "; seen " + seen);
  }
}
