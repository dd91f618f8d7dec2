package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
 * Raw JSON-RPC over a served process's stdio: every bad line is answered or skipped, the server
 * goes on answering, tool arguments reach the registry as sent, and the end of input ends it.
 */
@Timeout(120)
final class StdioHostileTest {

  private Process process;
  private OutputStream toServer;
  private final BlockingQueue<String> fromServer = new LinkedBlockingQueue<>();
  private int nextId = 100;

  @BeforeEach
  void start() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    process =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                ServeHostile.class.getName())
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
  void badLinesAreAnsweredOrSkippedAndTheServerGoesOn() throws Exception {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    // Blank lines carry no message: skipped.
    for (String line : List.of("", "   ")) {
      send(line);
      JsonNode list = request("tools/list", "{}");
      assertTrue(list.path("result").has("tools"), () -> "after blank: " + list);
    }
    // Where the id cannot be known, the answer is a JSON-RPC error with "id":null (JSON-RPC 2.0
    // §5).
    List<String> withoutId =
        List.of(
            "not json",
            "{\"jsonrpc\":\"2.0\",\"id\":",
            "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}]",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"tools/list\",\"params\":" + deep + ",\"id\":9}",
            "\"just a string\"",
            "5");
    for (String line : withoutId) {
      send(line);
      JsonNode error = nextNullIdAnswer();
      int code = error.path("error").path("code").asInt();
      assertTrue(code == -32700 || code == -32600, () -> abbreviate(line) + ": " + error);
      JsonNode list = request("tools/list", "{}");
      assertTrue(list.path("result").has("tools"), () -> "after " + abbreviate(line) + ": " + list);
    }
    // No version served has batches (2025-03-26 is not offered): a batch is an invalid request.
    send("[{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\"}]");
    JsonNode batch = nextNullIdAnswer();
    assertEquals(-32600, batch.path("error").path("code").asInt(), batch::toString);
    assertTrue(batch.path("error").path("message").asText().contains("batch"), batch::toString);
    // Where the id is known, the answer is a JSON-RPC error with that id.
    assertError(
        -32700,
        "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/list\",\"params\":" + deep + "}",
        41);
    assertError(
        -32700,
        "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"add\",\"arguments\":{\"a\":"
            + "9".repeat(5000)
            + ",\"b\":1}}}",
        42);
    assertError(-32600, "{\"jsonrpc\":\"2.0\",\"id\":43,\"method\":7}", 43);
    assertError(-32600, "{\"jsonrpc\":\"1.0\",\"id\":44,\"method\":\"tools/list\"}", 44);
    assertError(
        -32600,
        "{\"jsonrpc\":\"2.0\",\"id\":45,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"greet\",\"arguments\":{\"name\":\""
            + "x".repeat(20_000_001)
            + "\"}}}",
        45);
    assertTrue(request("tools/list", "{}").path("result").has("tools"));
  }

  @Test
  void argumentsThatAreNotAnObjectAreInvalidParamsAtOnce() throws Exception {
    for (String arguments : List.of("[]", "\"\"", "5", "true")) {
      JsonNode answer = request("tools/call", "{\"name\":\"add\",\"arguments\":" + arguments + "}");
      assertEquals(-32602, answer.path("error").path("code").asInt(), answer::toString);
      String message = answer.path("error").path("message").asText();
      assertTrue(message.startsWith("Invalid params: arguments must be a JSON object"), message);
      assertFalse(message.contains("jackson") || message.contains("java."), message);
    }
  }

  @Test
  void argumentsReachTheRegistryAsSent() throws Exception {
    String sent = "{\"expression\":\"1+1\",\"expression\":\"2+2\",\"n\":1.50}";
    JsonNode answer = request("tools/call", "{\"name\":\"echo_raw\",\"arguments\":" + sent + "}");
    String text = answer.path("result").path("content").path(0).path("text").asText();
    assertEquals(sent, McpJson.MAPPER.readTree(text).path("received").asText(), answer::toString);
  }

  @Test
  void theEndOfInputEndsTheServerEvenAfterBadLines() throws Exception {
    send("[1,2,3]");
    send("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"tools/list\"}");
    toServer.close();
    assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the server did not end");
    assertEquals(0, process.exitValue());
  }

  private void assertError(int code, String line, int id) throws Exception {
    send(line);
    JsonNode answer = answerTo(id);
    assertEquals(code, answer.path("error").path("code").asInt(), answer::toString);
    assertTrue(request("tools/list", "{}").path("result").has("tools"), abbreviate(line));
  }

  private JsonNode request(String method, String params) throws Exception {
    int id = nextId++;
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + id
            + ",\"method\":\""
            + method
            + "\",\"params\":"
            + params
            + "}");
    return answerTo(id);
  }

  private void send(String line) throws Exception {
    toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    toServer.flush();
  }

  /** The next answer with {@code id} within 20 s; notifications and others are passed over. */
  private JsonNode answerTo(int id) throws Exception {
    List<String> seen = new ArrayList<>();
    String line;
    while ((line = fromServer.poll(20, TimeUnit.SECONDS)) != null) {
      JsonNode node = McpJson.MAPPER.readTree(line);
      if (node.path("id").isInt() && node.path("id").asInt() == id) {
        return node;
      }
      seen.add(line);
    }
    throw new AssertionError("no answer to " + id + "; seen " + seen);
  }

  /** The next answer, within 20 s, passing over notifications; it must have {@code "id":null}. */
  private JsonNode nextNullIdAnswer() throws Exception {
    String line;
    while ((line = fromServer.poll(20, TimeUnit.SECONDS)) != null) {
      JsonNode node = McpJson.MAPPER.readTree(line);
      if (!node.has("method")) {
        assertTrue(node.has("id") && node.get("id").isNull(), line);
        return node;
      }
    }
    throw new AssertionError("no answer with \"id\":null");
  }

  private static String abbreviate(String line) {
    return line.length() > 80 ? line.substring(0, 80) + "..." : line;
  }
}
