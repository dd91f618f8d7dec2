package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Protocol version negotiation with real clients, the TypeScript SDK's (1.32) and the Python SDK's
 * (2.3): each asks for every version it can speak, and the server (a {@link ProtocolFixture}
 * registry with {@value #FILLERS} fillers) must answer with that version and then list and call;
 * shared with toolsmith-mcp-http's tests through this module's test jar.
 */
public final class ProtocolVersionChecks {

  /** Every version the clients can ask for in initialize, newest first. */
  private static final List<String> ASKED =
      List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

  /**
   * The versions served over stdio, newest first: not 2025-03-26, whose servers MUST accept
   * JSON-RPC batches (a client asking for it gets the newest).
   */
  public static final List<String> STDIO = List.of("2025-11-25", "2025-06-18", "2024-11-05");

  /** Over Streamable HTTP, which began with 2025-03-26: 2024-11-05 had HTTP+SSE instead. */
  public static final List<String> STREAMABLE_HTTP = STDIO.subList(0, 2);

  /** What the Python client can ask for in initialize. */
  private static final List<String> PYTHON = ASKED;

  /** Filler tools in the served registry: three pages of 100. */
  public static final int FILLERS = 250;

  private ProtocolVersionChecks() {}

  /**
   * The TypeScript client at each version it speaks: those {@code served} are answered as asked;
   * for the others (2025-03-26; 2024-10-07, which it still accepts; and 2024-11-05 over Streamable
   * HTTP) the server offers its newest, and the client goes on with it.
   */
  public static void typeScript(List<String> served, List<String> target) throws Exception {
    List<String> asked = new ArrayList<>(ASKED);
    asked.add("2024-10-07");
    for (String version : asked) {
      List<String> args = new ArrayList<>(List.of("--version", version, "--steps", "list,call"));
      args.addAll(target);
      Map<String, JsonNode> steps = TypeScriptSession.run("protocol.mjs", args);
      String expected = served.contains(version) ? version : served.get(0);
      assertEquals(
          expected, steps.get("connected").get("protocolVersion").asText(), steps.toString());
      assertEquals(FILLERS + 4, steps.get("list").get("distinct").asInt(), steps.toString());
      assertEquals(3, steps.get("list").get("pages").asInt(), steps.toString());
      assertEquals("{\"counted\":3}", steps.get("call").get("text").asText());
    }
  }

  /**
   * The Python client at each version it can ask for in initialize, answered as asked when {@code
   * served} and with the server's newest otherwise; then every page of tools/list, and a call, with
   * {@code progress} reports expected (none from a stateless server).
   */
  public static void python(List<String> served, List<String> target, boolean progress)
      throws Exception {
    List<JsonNode> sessions = runPython(PYTHON, target);
    assertEquals(PYTHON.size(), sessions.size(), sessions.toString());
    for (int i = 0; i < PYTHON.size(); i++) {
      JsonNode session = sessions.get(i);
      String version = PYTHON.get(i);
      assertEquals(
          served.contains(version) ? version : served.get(0),
          session.get("negotiated").asText(),
          session.toString());
      assertEquals(FILLERS + 4, session.get("tools").asInt(), session.toString());
      assertEquals(3, session.get("pages").asInt(), session.toString());
      assertEquals("{\"counted\":3}", session.get("text").asText(), session.toString());
      assertEquals(progress ? 3 : 0, session.get("progress").size(), session.toString());
    }
  }

  /**
   * The Python client, whose limit of 1 MiB per server-sent event refused a 10,000-tool list in one
   * message, lists a served {@link ProtocolFixture} of {@code fillers} fillers through every page.
   */
  public static void pythonLists(List<String> target, int fillers, int pages) throws Exception {
    List<JsonNode> sessions = runPython(List.of(ASKED.get(0)), target);
    assertEquals(fillers + 4, sessions.get(0).get("tools").asInt(), sessions.toString());
    assertEquals(pages, sessions.get(0).get("pages").asInt(), sessions.toString());
  }

  /** Runs protocol_client.py at {@code versions} against {@code target}: one session each. */
  private static List<JsonNode> runPython(List<String> versions, List<String> target)
      throws Exception {
    List<String> command = new ArrayList<>(Peers.python("protocol_client.py"));
    command.add(String.join(",", versions));
    command.addAll(target);
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<JsonNode> sessions = new ArrayList<>();
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        sessions.add(McpJson.MAPPER.readTree(line));
      }
    } finally {
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
    assertEquals(0, process.exitValue(), () -> "protocol_client.py failed: " + sessions);
    return sessions;
  }
}
