package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A session of client.mjs, the TypeScript SDK's client, with a served {@link Fixture#registry()}:
 * it lists, calls, sends bad arguments and sees a registry change announced at once (no polling);
 * shared with toolsmith-mcp-http's tests through this module's test jar.
 */
public final class TypeScriptSession {

  private TypeScriptSession() {}

  /**
   * Runs client.mjs with {@code args} ({@code stdio COMMAND ARGS...} or {@code http URL}) and
   * checks every step of its session.
   */
  public static void check(List<String> args) throws Exception {
    Map<String, JsonNode> steps = run(args);
    assertFalse(steps.containsKey("failed"), () -> steps.get("failed").toString());
    assertEquals(
        "[\"add\",\"greet\",\"register_more\"]", steps.get("list").get("tools").toString());
    JsonNode add = steps.get("list").get("add");
    assertEquals("Adds two whole numbers.", add.get("description").asText());
    assertEquals("integer", add.at("/inputSchema/properties/a/type").asText(), add.toString());
    assertEquals("[\"a\",\"b\"]", add.at("/inputSchema/required").toString());
    assertEquals("{\"isError\":false,\"text\":\"{\\\"sum\\\":42}\"}", strip(steps.get("call")));
    assertTrue(
        steps.get("greet").get("text").asText().contains("Hallå, Zoë!"),
        steps.get("greet").toString());
    JsonNode bad = steps.get("bad");
    assertTrue(bad.get("isError").asBoolean(), bad.toString());
    assertTrue(bad.get("text").asText().contains("Invalid arguments for tool add"), bad.toString());
    assertTrue(bad.get("text").asText().contains("\"path\":\"/a\""), bad.toString());
    assertTrue(bad.get("text").asText().contains("\"path\":\"/b\""), bad.toString());
    assertEquals(
        "[\"add\",\"greet\",\"more\",\"register_more\"]",
        steps.get("changed").get("tools").toString());
    // The server sends it within 50 ms of the change (ServedRegistryTest times that in process);
    // here a client in another process, maybe on a loaded machine, must see it well within 1 s.
    long delay = steps.get("changed").get("delayMs").asLong();
    assertTrue(
        delay < 1_000, "tools/list_changed came " + delay + " ms after the registry changed");
  }

  private static String strip(JsonNode step) {
    return McpJson.write(
        McpJson.MAPPER
            .createObjectNode()
            .put("isError", step.get("isError").asBoolean())
            .put("text", step.get("text").asText()));
  }

  /** Runs client.mjs to its end (bounded) and returns its steps by name. */
  private static Map<String, JsonNode> run(List<String> args) throws Exception {
    return run("client.mjs", args);
  }

  /**
   * Runs the node script {@code script} of mcp/src/test/node with {@code args} to its end (bounded)
   * and returns the steps it printed, by name; fails if it exits with an error.
   */
  public static Map<String, JsonNode> run(String script, List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Peers.node(), Peers.script(script).toString()));
    command.addAll(args);
    Process process =
        new ProcessBuilder(command)
            .directory(Peers.NODE_DIR.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    Map<String, JsonNode> steps = new LinkedHashMap<>();
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        JsonNode step = McpJson.MAPPER.readTree(line);
        steps.put(step.get("step").asText(), step);
      }
    } finally {
      if (!process.waitFor(90, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
    assertEquals(0, process.exitValue(), () -> script + " failed: " + steps);
    return steps;
  }
}
