package dev.toolsmith.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The registry served over MCP, checked by real clients: the TypeScript SDK and our own client. */
@Timeout(180)
final class ServingTest {

  @Test
  void typeScriptClientOverHttp() throws Exception {
    try (McpRegistryServer server = McpRegistryServer.builder(Fixture.registry())
        .pollInterval(Duration.ofMillis(100))
        .serveHttp(new InetSocketAddress("127.0.0.1", 0))) {
      String url = server.endpoint().orElseThrow().toString();
      assertTrue(url.startsWith("http://127.0.0.1:"), url);
      checkTypeScriptSession(runClient(List.of("http", url)));
    }
  }

  @Test
  void typeScriptClientOverStdio() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    checkTypeScriptSession(runClient(List.of("stdio", java, "-cp", System.getProperty("java.class.path"),
        ServeFixture.class.getName())));
  }

  private static void checkTypeScriptSession(Map<String, JsonNode> steps) {
    assertFalse(steps.containsKey("failed"), () -> steps.get("failed").toString());
    assertEquals("[\"add\",\"greet\",\"register_more\"]", steps.get("list").get("tools").toString());
    JsonNode add = steps.get("list").get("add");
    assertEquals("Adds two whole numbers.", add.get("description").asText());
    assertEquals("integer", add.at("/inputSchema/properties/a/type").asText(), add.toString());
    assertEquals("[\"a\",\"b\"]", add.at("/inputSchema/required").toString());
    assertEquals("{\"isError\":false,\"text\":\"{\\\"sum\\\":42}\"}", strip(steps.get("call")));
    assertTrue(steps.get("greet").get("text").asText().contains("Hallå, Zoë!"), steps.get("greet").toString());
    JsonNode bad = steps.get("bad");
    assertTrue(bad.get("isError").asBoolean(), bad.toString());
    assertTrue(bad.get("text").asText().contains("Invalid arguments for tool add"), bad.toString());
    assertTrue(bad.get("text").asText().contains("\"path\":\"/a\""), bad.toString());
    assertTrue(bad.get("text").asText().contains("\"path\":\"/b\""), bad.toString());
    assertEquals("[\"add\",\"greet\",\"more\",\"register_more\"]", steps.get("changed").get("tools").toString());
  }

  private static String strip(JsonNode step) {
    return McpJson.write(McpJson.MAPPER.createObjectNode()
        .put("isError", step.get("isError").asBoolean())
        .put("text", step.get("text").asText()));
  }

  /** Runs client.mjs to its end (bounded) and returns its steps by name. */
  private static Map<String, JsonNode> runClient(List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Peers.node(), Peers.script("client.mjs").toString()));
    command.addAll(args);
    Process process = new ProcessBuilder(command)
        .directory(Peers.NODE_DIR.toFile())
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    Map<String, JsonNode> steps = new LinkedHashMap<>();
    try (BufferedReader reader = new BufferedReader(
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
    assertEquals(0, process.exitValue(), () -> "client.mjs failed: " + steps);
    return steps;
  }

  @Test
  void ourClientSeesServedToolsAndTheirChanges() throws Exception {
    ToolRegistry served = Fixture.registry();
    try (McpRegistryServer server = McpRegistryServer.builder(served)
            .pollInterval(Duration.ofMillis(50))
            .serveHttp(new InetSocketAddress("127.0.0.1", 0));
        McpClients clients = McpClients.builder()
            .servers(List.of(McpServerConfig.http("fix", server.endpoint().orElseThrow().toString())
                .withTimeout(Duration.ofSeconds(10)).withConnectTimeout(Duration.ofSeconds(10))))
            .build()) {
      ToolRegistry local = ToolRegistry.create();
      clients.connect(local);
      assertEquals(List.of("mcp__fix__add", "mcp__fix__greet", "mcp__fix__register_more"), local.toolNames());
      assertEquals("{\"result\":\"{\\\"sum\\\":5}\"}", local.dispatch("mcp__fix__add", "{\"a\":2,\"b\":3}"));
      String bad = local.dispatch("mcp__fix__add", "{\"a\":2}");
      assertTrue(bad.startsWith("{\"error\":\"{\\\"error\\\":\\\"Invalid arguments for tool add\\\""), bad);

      served.deregister("greet");
      assertTrue(Peers.await(() -> !local.toolNames().contains("mcp__fix__greet"), Duration.ofSeconds(20)),
          local.toolNames().toString());
      local.dispatch("mcp__fix__register_more", "{}");
      assertTrue(Peers.await(() -> local.toolNames().contains("mcp__fix__more"), Duration.ofSeconds(20)),
          local.toolNames().toString());
      assertEquals("{\"result\":\"{\\\"more\\\":true}\"}", local.dispatch("mcp__fix__more", "{}"));
    }
  }

  @Test
  void toolsOfUnavailableToolsetsAreNotServed() throws Exception {
    ToolRegistry registry = Fixture.registry();
    java.util.concurrent.atomic.AtomicBoolean keyPresent = new java.util.concurrent.atomic.AtomicBoolean(false);
    registry.register(dev.toolsmith.runtime.ToolEntry.builder("sign", "signing")
        .schema("{\"type\":\"object\",\"properties\":{}}")
        .check(keyPresent::get)
        .handler((dev.toolsmith.runtime.ToolHandler.Sync) (arguments, context) -> "{}")
        .build());
    try (McpRegistryServer server = McpRegistryServer.builder(registry)
        .pollInterval(Duration.ofHours(1)) // sync() by hand: no timing in this test
        .availabilityInterval(Duration.ZERO)
        .serveHttp(new InetSocketAddress("127.0.0.1", 0))) {
      assertEquals(List.of("add", "greet", "register_more"), server.servedTools());
      keyPresent.set(true);
      registry.invalidateChecks(); // the registry caches check results; the application knows they changed
      server.sync();
      assertEquals(List.of("add", "greet", "register_more", "sign"), server.servedTools());
      registry.deregister("add");
      server.sync();
      assertEquals(List.of("greet", "register_more", "sign"), server.servedTools());
    }
  }

  @Test
  void httpRefusesForeignHostsAndOrigins() throws Exception {
    try (McpRegistryServer server = McpRegistryServer.builder(Fixture.registry())
        .allowedHost("tools.example:8443")
        .serveHttp(new InetSocketAddress("127.0.0.1", 0))) {
      int port = server.endpoint().orElseThrow().getPort();
      String local = "127.0.0.1:" + port;
      // DNS rebinding: a page on evil.example resolves its name to 127.0.0.1 and posts to us.
      assertEquals(421, post(port, "evil.example:" + port, null)); // Misdirected Request
      assertEquals(403, post(port, local, "http://evil.example"));
      // The loopback names, the bound host and hosts the application allowed still get through.
      assertEquals(200, post(port, local, null));
      assertEquals(200, post(port, "localhost:" + port, "http://localhost:" + port));
      assertEquals(200, post(port, "tools.example:8443", null));
    }
  }

  /** The status of an {@code initialize} POST with the given Host and Origin (none when null). */
  private static int post(int port, String host, String origin) throws Exception {
    String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
        + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    // A raw socket: java.net.http does not let a caller set the Host header.
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
      String request = "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\n"
          + (origin == null ? "" : "Origin: " + origin + "\r\n")
          + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
          + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().write(bytes);
      socket.getOutputStream().flush();
      BufferedReader reader = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      String status = reader.readLine();
      return Integer.parseInt(status.split(" ")[1]);
    }
  }
}
