package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.server.Fixture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official conformance suite ({@code @modelcontextprotocol/conformance}) against the served
 * registry, its protocol scenarios in both eras, with sessions and stateless: every check passes
 * but the few that need what a tool registry does not serve (the suite's own diagnostic tools,
 * prompts and resources), each named below with the reason.
 */
@Timeout(600)
final class ConformanceTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static final Map<String, List<String>> SCENARIOS =
      Map.of(
          "2025-11-25",
          List.of(
              "server-initialize",
              "server-session-lifecycle",
              "ping",
              "tools-list",
              "dns-rebinding-protection"),
          "2026-07-28",
          List.of(
              "server-stateless",
              "tools-list",
              "caching",
              "http-header-validation",
              "dns-rebinding-protection"));

  /** Checks that cannot pass on a server of registry tools only, and why. */
  static final Map<String, String> NOT_APPLICABLE =
      Map.of(
          "sep-2575-server-rejects-undeclared-capability",
          "needs the suite's tool test_missing_capability (a tool requiring sampling)",
          "sep-2575-missing-capability-http-400",
          "needs the suite's tool test_missing_capability",
          "sep-2575-http-server-no-independent-requests-on-stream",
          "needs the suite's tool test_streaming_elicitation (input requests)",
          "sep-2575-server-no-log-without-loglevel",
          "needs the suite's tool test_logging_tool (log notifications)",
          "sep-2575-server-sends-tools-list-changed-on-subscription",
          "a SHOULD the suite tests by mutating its own tool list; ModernServingTest tests it here",
          "sep-2549-prompts-list-caching-hints",
          "no prompts are served: prompts/list is -32601 Method not found",
          "sep-2549-resources-list-caching-hints",
          "no resources are served: resources/list is -32601 Method not found",
          "sep-2549-resources-templates-list-caching-hints",
          "no resources are served: resources/templates/list is -32601 Method not found");

  @Test
  void theProtocolScenariosPassInBothErasWithSessions() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry()).serve(new InetSocketAddress("127.0.0.1", 0))) {
      assertConformant(server.endpoint().toString(), 13, 48);
    }
  }

  @Test
  void theProtocolScenariosPassInBothErasStateless() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .stateless()
            .serve(new InetSocketAddress("127.0.0.1", 0))) {
      // Stateless, the legacy session scenarios have less to check: no session id is handed out.
      assertConformant(server.endpoint().toString(), 9, 48);
    }
  }

  private static void assertConformant(String url, int legacyPassed, int modernPassed)
      throws Exception {
    Map<String, Integer> passed = new TreeMap<>();
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, List<String>> era : SCENARIOS.entrySet()) {
      for (String scenario : era.getValue()) {
        for (JsonNode check : run(url, scenario, era.getKey())) {
          String status = check.path("status").asText();
          String id = check.path("id").asText();
          if (status.equals("SUCCESS")) {
            passed.merge(era.getKey(), 1, Integer::sum);
          } else if (!status.equals("SKIPPED")
              && !status.equals("INFO")
              && !NOT_APPLICABLE.containsKey(id)) {
            wrong.add(era.getKey() + " " + scenario + ": " + status + " " + id + " " + check);
          }
        }
      }
    }
    assertEquals(List.of(), wrong);
    assertEquals(Map.of("2025-11-25", legacyPassed, "2026-07-28", modernPassed), passed);
  }

  /** The checks of one scenario, as the suite reports them with {@code --verbose}. */
  private static JsonNode run(String url, String scenario, String version) throws Exception {
    Process suite =
        new ProcessBuilder(
                Peers.node(),
                Peers.NODE_MODULES
                    .resolve("@modelcontextprotocol/conformance/dist/index.js")
                    .toString(),
                "server",
                "--url",
                url,
                "--scenario",
                scenario,
                "--spec-version",
                version,
                "--verbose")
            .redirectErrorStream(true)
            .start();
    suite.getOutputStream().close();
    String out = new String(suite.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(suite.waitFor(120, TimeUnit.SECONDS), scenario);
    // The checks are a JSON array from a line "[" to a line "]"; other text comes around them.
    int start = out.indexOf("\n[");
    int end = out.indexOf("\n]", start + 1);
    if (start < 0 || end < 0) {
      throw new IOException(scenario + " " + version + " printed no checks: " + out);
    }
    return JSON.readTree(out.substring(start + 1, end + 2));
  }
}
