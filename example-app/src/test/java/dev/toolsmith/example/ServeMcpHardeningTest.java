package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.mcp.http.McpHttpServer;
import dev.toolsmith.runtime.ToolRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve-mcp}: duplicate keys get dispatch's verdict; beyond loopback needs a token. */
@Timeout(60)
final class ServeMcpHardeningTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;

  @Test
  void duplicateKeysGetTheVerdictDispatchGives() throws Exception {
    Workspace workspace = Workspace.of(temp);
    ToolRegistry registry = Toolsmith.registry(workspace);
    String arguments = "{\"expression\":\"1+1\",\"expression\":\"2+2\"}";
    String dispatched = registry.dispatch("calculate", arguments);
    assertTrue(dispatched.startsWith("{\"error\":"), dispatched);
    try (McpHttpServer server =
        ServeMcpCommand.start(registry, workspace, new InetSocketAddress("127.0.0.1", 0))) {
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> init =
          post(
              http,
              server.endpoint(),
              null,
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                  + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                  + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
      String session = init.headers().firstValue("mcp-session-id").orElseThrow();
      post(
          http,
          server.endpoint(),
          session,
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      HttpResponse<String> call =
          post(
              http,
              server.endpoint(),
              session,
              "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{"
                  + "\"name\":\"calculate\",\"arguments\":"
                  + arguments
                  + "}}");
      JsonNode result = message(call.body()).path("result");
      assertTrue(result.path("isError").asBoolean(), call.body());
      assertEquals(dispatched, result.path("content").path(0).path("text").asText());
    }
  }

  @Test
  void servingBeyondLoopbackWithoutATokenIsAUsageError() {
    CliTest.Run run = CliTest.run("serve-mcp", "--http", "0", "--host", "0.0.0.0");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.err().contains("refusing to serve MCP on"), run.err());
    CliTest.Run unset =
        CliTest.run(
            "serve-mcp",
            "--http",
            "0",
            "--host",
            "0.0.0.0",
            "--token-env",
            "TOOLSMITH_TEST_NO_SUCH_VARIABLE");
    assertEquals(2, unset.exitCode(), unset.err());
    assertTrue(unset.err().contains("TOOLSMITH_TEST_NO_SUCH_VARIABLE is not set"), unset.err());
  }

  @Test
  void aMissingOrEndlessTokenFileIsAUsageErrorNamingTheFile() {
    Path missing = temp.resolve("no-such-token");
    CliTest.Run run = CliTest.run("serve-mcp", "--http", "0", "--token-file", missing.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals("--token-file: no such file: " + missing, run.err().lines().findFirst().get());
    assertFalse(run.err().contains("Exception"), run.err());

    CliTest.Run endless = CliTest.run("serve-mcp", "--http", "0", "--token-file", "/dev/zero");
    assertEquals(2, endless.exitCode(), endless.err());
    assertEquals(
        "--token-file: /dev/zero is over 65536 bytes, the limit for a token",
        endless.err().lines().findFirst().get());
  }

  /** A named pipe nobody writes to: the configuration cannot be read, a usage error in time. */
  @Test
  void aConfigurationThatCannotBeReadInTimeIsAUsageError() throws Exception {
    Path fifo = temp.resolve("config.fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    long start = System.nanoTime();
    CliTest.Run run = CliTest.run("serve-mcp", "--config", fifo.toString());
    long seconds = (System.nanoTime() - start) / 1_000_000_000;
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(
        "--config: "
            + fifo
            + ": the file could not be read within 10 s (a pipe that nobody writes to?)",
        run.err().lines().findFirst().get());
    assertTrue(seconds < 15, "gave up after " + seconds + " s");
  }

  private static HttpResponse<String> post(
      HttpClient http, URI endpoint, String session, String body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("mcp-session-id", session).header("MCP-Protocol-Version", "2025-06-18");
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode message(String body) throws Exception {
    for (String line : body.split("\n")) {
      if (line.startsWith("data:")) {
        return JSON.readTree(line.substring(5).trim());
      }
    }
    return JSON.readTree(body);
  }
}
