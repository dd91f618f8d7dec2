package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolRegistry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A session of eras.mjs, a real client of one era (the TypeScript SDK v2 pinned to 2026-07-28, v2
 * probing the era, or the legacy v1 SDK), with a served {@link Fixture#registry()}: it connects in
 * its era, lists, calls, gets the registry's own answers for a bad call, an unknown tool and an
 * unavailable one, and hears of a registry change; shared with toolsmith-mcp-http's tests.
 */
public final class ErasSession {

  /** The clients eras.mjs can be. */
  public static final List<String> CLIENTS = List.of("modern", "dual", "legacy");

  private ErasSession() {}

  /**
   * Runs eras.mjs as {@code client} with {@code args} ({@code stdio COMMAND ARGS...} or {@code http
   * URL}) and checks every step; returns the steps by name.
   */
  public static Map<String, JsonNode> check(String client, List<String> args) throws Exception {
    return check(client, args, true);
  }

  /**
   * As {@link #check(String, List)}; {@code legacySessions} false for a server whose legacy side is
   * stateless, where a legacy client is told of no change (it sees it at its next listing).
   */
  public static Map<String, JsonNode> check(
      String client, List<String> args, boolean legacySessions) throws Exception {
    List<String> all = new ArrayList<>(List.of(client));
    all.addAll(args);
    Map<String, JsonNode> steps = TypeScriptSession.run("eras.mjs", all);
    String era = client.equals("legacy") ? "legacy" : "2026-07-28";
    assertEquals(era, steps.get("connected").path("version").asText(), steps.toString());
    JsonNode list = steps.get("list");
    assertEquals("[\"add\",\"greet\",\"register_more\"]", list.get("tools").toString());
    if (!client.equals("legacy")) {
      // The modern listing may be cached for the availability interval, by anyone: no session.
      assertEquals(5000, list.get("ttlMs").asLong(), list.toString());
      assertEquals("public", list.get("cacheScope").asText(), list.toString());
      assertEquals(
          "{\"toolsListChanged\":true}",
          steps.get("listening").get("honored").toString(),
          steps.toString());
    }
    assertEquals("{\"sum\":42}", steps.get("call").get("text").asText(), steps.toString());
    JsonNode bad = steps.get("bad");
    assertTrue(bad.get("isError").asBoolean(), bad.toString());
    assertTrue(bad.get("text").asText().contains("Invalid arguments for tool add"), bad.toString());
    // What the registry itself answers, called in process: the oracle for both.
    ToolRegistry registry = Fixture.registry();
    // A tool nobody serves: the JSON-RPC error for an unknown tool, the registry's own message.
    String unknownText =
        McpJson.MAPPER.readTree(registry.dispatch("get_weather", "{}")).path("error").asText();
    JsonNode unknown = steps.get("unknown").path("error");
    assertEquals(-32602, unknown.path("code").asInt(), steps.get("unknown").toString());
    assertTrue(unknown.path("message").asText().endsWith(unknownText), unknown.toString());
    // A tool that is registered but unavailable now: the registry's answer, as an error result.
    JsonNode unavailable = steps.get("unavailable");
    assertTrue(unavailable.path("isError").asBoolean(), unavailable.toString());
    assertEquals(registry.dispatch("send_sms", "{}"), unavailable.path("text").asText());
    assertTrue(unavailable.path("text").asText().contains("SMS_API_KEY"), unavailable.toString());
    JsonNode changed = steps.get("changed");
    assertEquals(
        legacySessions || !client.equals("legacy"),
        changed.get("heard").asBoolean(),
        changed.toString());
    assertEquals("[\"add\",\"greet\",\"more\",\"register_more\"]", changed.get("tools").toString());
    return steps;
  }

  /** The modes FastMCP's client can connect in. */
  public static final List<String> FASTMCP_MODES = List.of("2026-07-28", "auto", "legacy");

  /**
   * Runs fastmcp_client.py (FastMCP 4.0's client) in {@code mode} against {@code args} ({@code
   * stdio COMMAND ARGS...} or {@code http URL}) and checks what it saw.
   */
  public static void checkFastMcp(String mode, List<String> args) throws Exception {
    List<String> command = new ArrayList<>(Peers.python("fastmcp_client.py"));
    command.add(mode);
    command.addAll(args);
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out;
    try {
      out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    } finally {
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
    assertEquals(0, process.exitValue(), () -> "fastmcp_client.py failed: " + out);
    JsonNode seen = McpJson.MAPPER.readTree(out);
    assertEquals(
        mode.equals("legacy") ? "2025-11-25" : "2026-07-28", seen.path("version").asText(), out);
    assertEquals("[\"add\",\"greet\",\"register_more\"]", seen.path("tools").toString(), out);
    assertEquals("{\"sum\":42}", seen.path("call").asText(), out);
    assertTrue(seen.path("unknown").asText().endsWith("Unknown tool: get_weather"), out);
    assertTrue(seen.at("/unavailable/isError").asBoolean(), out);
    assertEquals(
        Fixture.registry().dispatch("send_sms", "{}"), seen.at("/unavailable/text").asText());
  }
}
