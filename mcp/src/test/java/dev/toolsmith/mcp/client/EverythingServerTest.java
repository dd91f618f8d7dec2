package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.mcp.server.StructuredSession;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.schema.definition.ToolHints;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The MCP reference server from npm, over stdio, as a user's config would name it. */
@Timeout(120)
final class EverythingServerTest {

  private static ToolRegistry registry;
  private static McpClients clients;

  @BeforeAll
  static void connect() {
    registry = ToolRegistry.create();
    List<String> command = Peers.everythingServer();
    McpServerConfig everything =
        McpServerConfig.stdio("everything", command.get(0), command.subList(1, command.size()))
            .toBuilder()
            .timeout(Duration.ofSeconds(20))
            .connectTimeout(Duration.ofSeconds(60))
            .env(Map.of("GREETING", "${TOOLSMITH_TEST_GREETING}"))
            .build();
    clients = McpClients.builder().servers(List.of(everything)).build().connect(registry);
  }

  @AfterAll
  static void close() {
    if (clients != null) {
      clients.close();
    }
  }

  @Test
  void listsTheServersToolsUnderPrefixedNames() {
    assertEquals(
        ServerStatus.State.CONNECTED,
        clients.servers().get(0).state(),
        clients.servers().get(0).describe());
    // The reference server is legacy: the era probe fell back to initialize.
    String version = clients.servers().get(0).protocolVersion();
    assertTrue(version.startsWith("20") && !version.equals("2026-07-28"), version);
    List<String> names = registry.toolNames("mcp-everything");
    assertTrue(names.contains("mcp__everything__echo"), names.toString());
    assertTrue(names.size() > 3, names.toString());
    assertTrue(
        registry
            .availability()
            .toolset("mcp-everything")
            .map(Availability::available)
            .orElse(false));
    String definitions = registry.definitions(List.of("mcp__everything__echo"));
    assertTrue(definitions.contains("\"name\":\"mcp__everything__echo\""), definitions);
    assertTrue(definitions.contains("\"message\""), definitions);
  }

  @Test
  void echoKeepsNonAsciiText() {
    String result = registry.dispatch("mcp__everything__echo", "{\"message\":\"héllo wörld ✓\"}");
    assertTrue(result.startsWith("{\"result\":"), result);
    assertTrue(result.contains("héllo wörld ✓"), result);
  }

  @Test
  void handlesTheListChangedTheServerSendsAfterStartUp() throws Exception {
    // The server registers more tools once initialized and announces them with tools/list_changed.
    ServerConnection connection = clients.connection("everything");
    assertTrue(
        Peers.await(() -> connection.listChanges() >= 1, Duration.ofSeconds(30)),
        "no list_changed applied");
    assertTrue(
        registry.toolNames().contains("mcp__everything__simulate_research_query"),
        registry.toolNames().toString());
    assertEquals(connection.toolNames(), registry.toolNames("mcp-everything"));
  }

  @Test
  void aHyphenatedToolIsNamedAsTheReferenceNamesItAndCalledByItsOwnName() {
    List<String> names = registry.toolNames();
    assertTrue(names.contains("mcp__everything__get_sum"), names.toString());
    assertFalse(names.stream().anyMatch(name -> name.contains("-")), names.toString());
    String result = registry.dispatch("mcp__everything__get_sum", "{\"a\":2,\"b\":3}");
    assertTrue(result.startsWith("{\"result\":") && result.contains("5"), result);
  }

  @Test
  void structuredContentComesWithTheText() {
    String result =
        registry.dispatch("mcp__everything__get_structured_content", "{\"location\":\"Chicago\"}");
    assertTrue(result.startsWith("{\"result\":"), result);
    assertTrue(result.contains("\"structuredContent\":{"), result);
    assertTrue(result.contains("\"temperature\""), result);
  }

  @Test
  void theServersTitleAnnotationsAndOutputSchemaAreKeptInTheEntry() throws Exception {
    ToolEntry entry = registry.entry("mcp__everything__get_structured_content").orElseThrow();
    assertEquals("Get Structured Content Tool", entry.definition().title());
    assertEquals(new ToolHints(true, false, true, false), entry.definition().hints());
    String schema = java.util.Objects.requireNonNull(entry.definition().outputSchema());
    assertTrue(StructuredSession.metaSchemaErrors(schema).isEmpty(), schema);
    // The server's schema describes the structured content of the registry's result.
    JsonNode server = McpJson.MAPPER.readTree(schema).at("/properties/structuredContent");
    assertEquals("object", server.path("type").asText(), schema);
    assertTrue(server.at("/properties/temperature").isObject(), schema);
    for (String city : List.of("New York", "Chicago", "Los Angeles")) {
      String result =
          registry.dispatch(
              "mcp__everything__get_structured_content", "{\"location\":\"" + city + "\"}");
      assertEquals(List.of(), StructuredSession.errors(schema, result), result);
      assertFalse(StructuredSession.errors(schema, "{\"result\":1}").isEmpty());
    }
    assertEquals(
        new ToolHints(true, false, true, false),
        registry.entry("mcp__everything__echo").orElseThrow().definition().hints());
    assertEquals(
        "Echo Tool", registry.entry("mcp__everything__echo").orElseThrow().definition().title());
    assertNull(registry.entry("mcp__everything__echo").orElseThrow().definition().outputSchema());
  }

  @Test
  void imagesAreDescribedNotDropped() {
    String result = registry.dispatch("mcp__everything__get_tiny_image", "{}");
    assertTrue(result.contains("[image image/png, "), result);
  }

  @Test
  void anEmptyInputSchemaBecomesAnEmptyObjectSchema() {
    assertEquals(
        "{\"type\":\"object\",\"properties\":{}}",
        registry.entry("mcp__everything__get_env").map(e -> e.definition().schema()).orElseThrow());
  }

  @Test
  void theChildGetsAMinimalEnvironmentPlusItsConfiguredOnes() {
    String result = registry.dispatch("mcp__everything__get_env", "{}");
    assertTrue(result.contains("GREETING\\\": \\\"hej-från-config"), result);
    assertTrue(result.contains("PATH"), result);
    assertFalse(result.contains("TOOLSMITH_TEST_SECRET"), result);
    assertFalse(result.contains("do-not-leak"), result);
  }

  @Test
  void invalidArgumentsComeBackAsAnError() {
    String result = registry.dispatch("mcp__everything__echo", "[1,2]");
    assertTrue(
        result.startsWith("{\"error\":\"Invalid arguments for tool mcp__everything__echo"), result);
  }
}
