package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 2026-07-28 revision over stdio, as raw JSON-RPC lines with modern {@code _meta}: listings in
 * pages with caching hints, the same for every request; change notifications on a {@code
 * subscriptions/listen} stream; progress on the call's own answer; a cancelled call stopped and
 * never answered; and the legacy messages of another client served beside them by the same process.
 */
@Timeout(60)
final class ModernServingTest {

  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  private final BlockingQueue<JsonNode> fromServer = new LinkedBlockingQueue<>();
  private OutputStream toServer;
  private McpRegistryServer server;

  private void serve(ToolRegistry registry, int pageSize) throws Exception {
    serve(registry, pageSize, "");
  }

  /** Serves {@code registry}, with {@code waiting} already on the server's input. */
  private void serve(ToolRegistry registry, int pageSize, String waiting) throws Exception {
    serve(McpRegistryServer.builder(registry).pageSize(pageSize), waiting);
  }

  private void serve(McpRegistryServer.Builder builder, String waiting) throws Exception {
    PipedInputStream serverIn = new PipedInputStream(1 << 20);
    toServer = new PipedOutputStream(serverIn);
    toServer.write(waiting.getBytes(StandardCharsets.UTF_8));
    server = builder.serveStdio(serverIn, new Lines());
  }

  /** The server's stdout: each line it writes, parsed, into {@link #fromServer}. */
  private final class Lines extends OutputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) throws IOException {
      if (b != '\n') {
        line.write(b);
        return;
      }
      fromServer.add(McpJson.MAPPER.readTree(line.toString(StandardCharsets.UTF_8)));
      line.reset();
    }
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void listingsComeInPagesWithCachingHintsTheSameForEveryRequest() throws Exception {
    serve(ProtocolFixture.registry(246), 100);
    List<String> names = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      JsonNode page =
          request("tools/list", cursor == null ? "" : "\"cursor\":" + McpJson.write(cursor))
              .path("result");
      assertEquals(5000, page.path("ttlMs").asLong(), page.toString());
      assertEquals("public", page.path("cacheScope").asText(), page.toString());
      assertEquals("complete", page.path("resultType").asText(), page.toString());
      page.path("tools").forEach(tool -> names.add(tool.path("name").asText()));
      cursor = page.path("nextCursor").isTextual() ? page.path("nextCursor").asText() : null;
      pages++;
    } while (cursor != null);
    assertEquals(3, pages);
    assertEquals(250, names.size());
    assertEquals(names.stream().sorted().toList(), names, "sorted by name");
    JsonNode again = request("tools/list", "").path("result").path("tools");
    assertEquals(names.subList(0, 100), names(again), "the same listing for the same request");
    JsonNode foreign = request("tools/list", "\"cursor\":\"not ours!\"");
    assertEquals(-32602, foreign.path("error").path("code").asInt(), foreign.toString());
  }

  @Test
  void aListenStreamHearsOfRegistryChangesTaggedWithItsSubscription() throws Exception {
    ToolRegistry registry = Fixture.registry();
    serve(registry, 100);
    send(9, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}");
    JsonNode ack = next();
    assertEquals("notifications/subscriptions/acknowledged", ack.path("method").asText());
    assertEquals(
        9, ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt(), ack.toString());
    registry.register(Fixture.entry("later", "admin"));
    JsonNode changed = next();
    assertEquals("notifications/tools/list_changed", changed.path("method").asText());
    assertEquals(9, changed.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt());
    assertTrue(names(request("tools/list", "").at("/result/tools")).contains("later"));
  }

  @Test
  void progressComesBeforeTheAnswerAndACancelledCallIsStoppedAndNeverAnswered() throws Exception {
    serve(ProtocolFixture.registry(0), 100);
    send(
        20,
        "tools/call",
        "\"name\":\"count\",\"arguments\":{},"
            + META.replace("\"_meta\":{", "\"_meta\":{\"progressToken\":\"p1\","));
    List<JsonNode> progress = new ArrayList<>();
    JsonNode message;
    while (!(message = next()).has("id")) {
      assertEquals("notifications/progress", message.path("method").asText(), message.toString());
      assertEquals("p1", message.at("/params/progressToken").asText());
      progress.add(message.at("/params/progress"));
    }
    assertEquals("[1.0,2.0,3.0]", McpJson.write(progress));
    assertEquals("{\"counted\":3}", message.at("/result/content/0/text").asText());

    send(21, "tools/call", "\"name\":\"block\",\"arguments\":{}," + META);
    Thread.sleep(300); // the tool is running
    toServer.write(
        ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":21,"
                + META
                + "}}\n")
            .getBytes(StandardCharsets.UTF_8));
    toServer.flush();
    // The cancelled call was interrupted, saw that it was cancelled, and was never answered.
    String stopped = "{\"finished\":0,\"futuresCancelled\":0,\"interrupted\":1,\"sawCancelled\":1}";
    String report = "";
    for (int i = 0; i < 20 && !report.equals(stopped); i++) {
      Thread.sleep(50); // the tool's thread notes the interrupt on its own time
      report =
          request("tools/call", "\"name\":\"report\",\"arguments\":{}")
              .at("/result/content/0/text")
              .asText();
    }
    assertEquals(stopped, report);
    assertNull(fromServer.poll(ProtocolFixture.BLOCK_MILLIS + 500, TimeUnit.MILLISECONDS));
  }

  @Test
  void aLegacySessionIsServedBesideModernRequests() throws Exception {
    serve(Fixture.registry(), 100);
    assertEquals(
        "2026-07-28", request("server/discover", "").at("/result/supportedVersions/0").asText());
    toServer.write(
        ("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"tools/list\"}\n")
            .getBytes(StandardCharsets.UTF_8));
    toServer.flush();
    // Both answers come, in either order: the listing is the registry's own at once.
    JsonNode first = next();
    JsonNode second = next();
    JsonNode initialized = first.path("id").asText().equals("init") ? first : second;
    JsonNode legacyList = first == initialized ? second : first;
    assertEquals(
        "2025-11-25", initialized.at("/result/protocolVersion").asText(), initialized.toString());
    assertEquals(List.of("add", "greet", "register_more"), names(legacyList.at("/result/tools")));
    assertFalse(legacyList.path("result").has("ttlMs"), "legacy listings carry no caching hints");
    assertEquals(
        List.of("add", "greet", "register_more"),
        names(request("tools/list", "").at("/result/tools")));
  }

  @RepeatedTest(3)
  void aListSentWithInitializeWithoutWaitingIsTheRegistrys() throws Exception {
    // What a hasty legacy client sends at once, on the input before the server reads any of it.
    serve(
        Fixture.registry(),
        100,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"hasty\",\"version\":\"1\"}}}\n"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n");
    JsonNode first = next();
    JsonNode list = first.path("id").asInt() == 2 ? first : next();
    assertEquals(List.of("add", "greet", "register_more"), names(list.at("/result/tools")));
  }

  /** With tool search, a modern listing is the same before and after a search, for everyone. */
  @Test
  void withToolSearchTheModernListingNeverChangesAsASideEffect() throws Exception {
    serve(McpRegistryServer.builder(Fixture.registry()).toolSearch(Set.of("add")), "");
    JsonNode listed = request("tools/list", "").at("/result");
    assertEquals(List.of("add", "call_tool", "search_tools"), names(listed.path("tools")));
    JsonNode found =
        request(
                "tools/call",
                "\"name\":\"search_tools\",\"arguments\":{\"query\":\"greets someone\",\"limit\":1}")
            .at("/result/content/0/text");
    assertEquals(
        "greet",
        McpJson.MAPPER.readTree(found.asText()).at("/tools/0/name").asText(),
        found.asText());
    assertEquals(listed, request("tools/list", "").at("/result"), "no reveal");
    JsonNode greeted = request("tools/call", "\"name\":\"greet\",\"arguments\":{\"name\":\"Zoë\"}");
    assertEquals("{\"greeting\":\"Hallå, Zoë!\"}", greeted.at("/result/content/0/text").asText());
    JsonNode viaCallTool =
        request(
            "tools/call",
            "\"name\":\"call_tool\",\"arguments\":{\"name\":\"greet\","
                + "\"arguments\":{\"name\":\"Zoë\"}}");
    assertEquals(greeted.get("result"), viaCallTool.get("result"));
  }

  private int nextId = 100;

  /** Sends a modern request and returns its answer (the next message with its id). */
  private JsonNode request(String method, String params) throws Exception {
    int id = nextId++;
    send(id, method, params);
    JsonNode message;
    do {
      message = next();
    } while (message.path("id").asInt(-1) != id);
    return message;
  }

  private void send(int id, String method, String params) throws Exception {
    String all =
        params.contains("\"_meta\"") ? params : params.isEmpty() ? META : params + "," + META;
    toServer.write(
        ("{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\""
                + method
                + "\",\"params\":{"
                + all
                + "}}\n")
            .getBytes(StandardCharsets.UTF_8));
    toServer.flush();
  }

  private JsonNode next() throws InterruptedException {
    JsonNode message = fromServer.poll(15, TimeUnit.SECONDS);
    assertNotNull(message, "no message from the server");
    return message;
  }

  private static List<String> names(JsonNode tools) {
    List<String> names = new ArrayList<>();
    tools.forEach(tool -> names.add(tool.path("name").asText()));
    return names;
  }
}
