package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import dev.toolsmith.runtime.discovery.SourceReport;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A hand-written stdio server (mcp/src/test/node/misbehaving-server.mjs) that answers with lines
 * over the limit and pages its tools without end: each is a clear error at once, and the connection
 * goes on or is restarted.
 */
@Timeout(120)
final class MisbehavingServerTest {

  private static final int HUGE = 24_000_000; // over Jackson's 20M characters and 16 MiB

  private static McpServerConfig server(String... options) {
    List<String> args = new java.util.ArrayList<>();
    args.add(Peers.script("misbehaving-server.mjs").toString());
    args.addAll(List.of(options));
    return McpServerConfig.stdio("bad", Peers.node(), args).toBuilder()
        .timeout(Duration.ofSeconds(30))
        .connectTimeout(Duration.ofSeconds(30))
        .build();
  }

  private static McpClients connect(McpServerConfig config, ToolRegistry registry) {
    McpClients clients =
        McpClients.builder()
            .servers(List.of(config))
            .restartBackoff(Duration.ofMillis(100), Duration.ofSeconds(1))
            .build()
            .connect(registry);
    assertEquals(
        ServerStatus.State.CONNECTED,
        clients.servers().get(0).state(),
        clients.servers().get(0).describe());
    return clients;
  }

  @Test
  void aHugeAnswerWithItsIdFirstIsSpilledAtOnceAndTheConnectionGoesOn() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(server(), registry)) {
      long pid = clients.connection("bad").process().pid();
      long start = System.nanoTime();
      String result =
          registry.dispatch("mcp__bad__huge", "{\"bytes\":" + HUGE + ",\"idFirst\":true}");
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      assertSpilled(result, HUGE, 16_777_216);
      assertTrue(elapsed.compareTo(Duration.ofSeconds(20)) < 0, "took " + elapsed);
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
      assertEquals(pid, clients.connection("bad").process().pid(), "the connection was replaced");
    }
  }

  @Test
  void aHugeAnswerWithItsIdLastAsTheTypeScriptSdkWritesItIsSpilledToo() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(server(), registry)) {
      long pid = clients.connection("bad").process().pid();
      long start = System.nanoTime();
      String result = registry.dispatch("mcp__bad__huge", "{\"bytes\":" + HUGE + "}");
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      assertSpilled(result, HUGE, 16_777_216);
      assertTrue(elapsed.compareTo(Duration.ofSeconds(20)) < 0, "took " + elapsed);
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
      assertEquals(pid, clients.connection("bad").process().pid(), "the connection was replaced");
    }
  }

  @Test
  void aHugeLineWithoutAnIdRestartsTheConnectionAndFailsTheCallAtOnce() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(server(), registry)) {
      ServerConnection connection = clients.connection("bad");
      long pid = connection.process().pid();
      long start = System.nanoTime();
      String result = registry.dispatch("mcp__bad__flood", "{\"bytes\":" + HUGE + "}");
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      assertEquals(
          "{\"error\":\"MCP server 'bad' sent a message of 24000000 bytes, over its limit of"
              + " 16777216 (max_message_bytes) during the call\"}",
          result);
      assertTrue(elapsed.compareTo(Duration.ofSeconds(10)) < 0, "took " + elapsed);
      assertTrue(
          Peers.await(
              () -> connection.reconnects() == 1 && connection.isConnected(),
              Duration.ofSeconds(30)),
          "not reconnected");
      assertNotEquals(pid, connection.process().pid());
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
    }
  }

  @Test
  void aHugeStderrWriteWithoutANewlineKeepsOnlyABoundedTailAndTheToolsWork() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(server(), registry)) {
      ServerConnection connection = clients.connection("bad");
      long pid = connection.process().pid();
      // 64 MiB on one line: the first version held it whole (400 MB killed the host)
      assertEquals(
          "{\"result\":\"fine\"}", registry.dispatch("mcp__bad__stderr", "{\"bytes\":67108864}"));
      assertTrue(
          Peers.await(() -> connection.stderrLines().contains("after"), Duration.ofSeconds(10)),
          "stderr after the huge line was not read");
      List<String> tail = connection.stderrLines();
      assertTrue(tail.size() <= StderrTail.LINES, tail.size() + " lines");
      String huge = tail.get(tail.size() - 2);
      assertTrue(
          huge.length() == StderrTail.LINE_BYTES + "… [cut]".length() && huge.endsWith("e… [cut]"),
          () -> "kept a stderr line of " + huge.length() + " chars");
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
      assertEquals(pid, connection.process().pid(), "the connection was replaced");
    }
  }

  @Test
  void theLimitIsSetPerServerInTheConfig() {
    String yaml =
        String.join(
            "\n",
            "mcp_servers:",
            "  bad:",
            "    command: " + Peers.node(),
            "    args: [\"" + Peers.script("misbehaving-server.mjs") + "\"]",
            "    max_message_bytes: 100000",
            "");
    ToolRegistry registry = ToolRegistry.create();
    McpToolSource source = new McpToolSource();
    DiscoveryReport report =
        Discovery.builder()
            .config(ToolsmithConfig.parse(yaml, "toolsmith.yaml", Path.of(".")))
            .sources(List.of(source))
            .build()
            .into(registry);
    try {
      String small = registry.dispatch("mcp__bad__huge", "{\"bytes\":50000,\"idFirst\":true}");
      assertTrue(small.startsWith("{\"result\":\"xxx"), small.substring(0, 40));
      String over = registry.dispatch("mcp__bad__huge", "{\"bytes\":200000,\"idFirst\":true}");
      assertTrue(over.contains("over its limit of 100000."), over);
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
    } finally {
      source.close();
    }
  }

  private static final int SMALL = 64 * 1024;

  /** {@code result} is the notice of a spill of {@code bytes} x's; the file is deleted after. */
  private static JsonNode assertSpilled(String result, int bytes, int limit) throws Exception {
    assertTrue(ToolResults.isTruncated(result), result);
    JsonNode notice = McpJson.MAPPER.readTree(result);
    assertEquals("mcp__bad__huge", notice.get("tool").asText());
    assertEquals(limit, notice.get("max_chars").asLong());
    String head = "{\"content\":[{\"type\":\"text\",\"text\":\"";
    long chars = head.length() + bytes + "\"}]}".length();
    assertEquals(chars, notice.get("chars").asLong(), result);
    String preview = notice.get("preview").asText();
    assertEquals(Math.min(ResultBudget.DEFAULT_PREVIEW_CHARS, limit / 2), preview.length());
    assertTrue(preview.startsWith(head + "xxx"), preview);
    Path file = Path.of(notice.get("path").asText());
    try {
      assertEquals(ResultBudget.defaultSpillDirectory(), file.getParent());
      assertTrue(file.getFileName().toString().startsWith("mcp__bad__huge-"), file.toString());
      assertEquals(chars, Files.size(file));
      if (bytes <= SMALL * 16) {
        assertEquals(head + "x".repeat(bytes) + "\"}]}", Files.readString(file));
      }
    } finally {
      Files.deleteIfExists(file);
    }
    return notice;
  }

  @Test
  void aResultOverMaxMessageBytesIsSpilledWithAPreviewAndTheServerGoesOn() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients =
        connect(server().toBuilder().maxMessageBytes(SMALL).build(), registry)) {
      long pid = clients.connection("bad").process().pid();
      // the first version failed the call: "over its limit of 65536 (max_message_bytes)"
      assertSpilled(registry.dispatch("mcp__bad__huge", "{\"bytes\":70000}"), 70_000, SMALL);
      assertSpilled(
          registry.dispatch("mcp__bad__huge", "{\"bytes\":90000,\"idFirst\":true}"), 90_000, SMALL);
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
      String small = registry.dispatch("mcp__bad__huge", "{\"bytes\":1000}");
      assertEquals("{\"result\":\"" + "x".repeat(1000) + "\"}", small);
      assertEquals(pid, clients.connection("bad").process().pid(), "the connection was replaced");
    }
  }

  @Test
  void anAnswerOverTheSpillBoundStillFailsItsCallAndTheServerGoesOn() {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients =
        connect(server().toBuilder().maxMessageBytes(SMALL).build(), registry)) {
      int over = SMALL * 16 + 1000; // UpstreamSpill.MAX_SPILL_FACTOR times the limit
      String result = registry.dispatch("mcp__bad__huge", "{\"bytes\":" + over + "}");
      assertTrue(result.contains("over its limit of 65536 (max_message_bytes)"), result);
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
      assertSpilledAgain(registry);
    }
  }

  private static void assertSpilledAgain(ToolRegistry registry) {
    try {
      assertSpilled(registry.dispatch("mcp__bad__huge", "{\"bytes\":70000}"), 70_000, SMALL);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void anUpstreamSpillHasTheShapeOfALocalToolsSpill() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    String text = "y".repeat(ResultBudget.DEFAULT_MAX_RESULT_CHARS + 1);
    registry.register(
        ToolEntry.builder("local_dump", "local")
            .description("Answers a long text.")
            .schema("{\"type\":\"object\"}")
            .handler((ToolHandler.Sync) (arguments, context) -> text)
            .build());
    try (McpClients clients =
        connect(server().toBuilder().maxMessageBytes(SMALL).build(), registry)) {
      String local = registry.dispatch("local_dump", "{}");
      JsonNode localNotice = McpJson.MAPPER.readTree(local);
      Path localFile = Path.of(localNotice.get("path").asText());
      JsonNode upstream =
          assertSpilled(registry.dispatch("mcp__bad__huge", "{\"bytes\":70000}"), 70_000, SMALL);
      try {
        List<String> localFields = new java.util.ArrayList<>();
        localNotice.fieldNames().forEachRemaining(localFields::add);
        List<String> upstreamFields = new java.util.ArrayList<>();
        upstream.fieldNames().forEachRemaining(upstreamFields::add);
        assertEquals(localFields, upstreamFields);
        assertEquals(localFile.getParent(), Path.of(upstream.get("path").asText()).getParent());
        String localMessage = localNotice.get("message").asText();
        String upstreamMessage = upstream.get("message").asText();
        assertEquals(
            localMessage.replaceAll("[0-9]+", "N").replace("local_dump", "TOOL"),
            upstreamMessage.replaceAll("[0-9]+", "N").replace("mcp__bad__huge", "TOOL"));
        assertEquals(text, Files.readString(localFile));
      } finally {
        Files.deleteIfExists(localFile);
      }
    }
  }

  @Test
  void everyPageOfAManyPagedListIsRegistered() {
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients = connect(server("--tools", "1010", "--page-size", "10"), registry)) {
      // 101 pages: the first version stopped after 100 and reported 1000 tools as all of them
      assertEquals(1010, clients.servers().get(0).tools().size());
      assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__bad__ok", "{}"));
      assertTrue(registry.toolNames().contains("mcp__bad__tool_1010"));
    }
  }

  @Test
  void aServerThatPagesWithoutEndIsAFailedSourceInTheReport() {
    String yaml =
        String.join(
            "\n",
            "mcp_servers:",
            "  bad:",
            "    command: " + Peers.node(),
            "    args: [\""
                + Peers.script("misbehaving-server.mjs")
                + "\", --tools, \"10\", --page-size, \"1\", --endless-pages]",
            "");
    ToolRegistry registry = ToolRegistry.create();
    McpToolSource source = new McpToolSource();
    DiscoveryReport report =
        Discovery.builder()
            .config(ToolsmithConfig.parse(yaml, "toolsmith.yaml", Path.of(".")))
            .sources(List.of(source))
            .build()
            .into(registry);
    try {
      SourceReport bad =
          report.sources(ToolOrigin.Kind.SOURCE).stream()
              .filter(s -> s.origin().name().equals("mcp_servers.bad"))
              .findFirst()
              .orElseThrow();
      assertEquals(SourceReport.Status.FAILED, bad.status(), bad.toString());
      assertTrue(bad.detail().contains("tools/list sent more than 1000 pages"), bad.detail());
      assertTrue(registry.toolNames().isEmpty(), registry.toolNames().toString());
    } finally {
      source.close();
    }
  }
}
