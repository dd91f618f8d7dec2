package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import dev.toolsmith.runtime.discovery.SourceReport;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Phase 2 of discovery: the servers of toolsmith.yaml's mcp_servers, found through ServiceLoader.
 */
@Timeout(120)
final class McpToolSourceTest {

  @Test
  void serversOfTheConfigLoadAndFailuresAreReported() throws Exception {
    List<String> everything = Peers.everythingServer();
    String yaml =
        String.join(
            "\n",
            "mcp_servers:",
            "  everything:",
            "    command: " + everything.get(0),
            "    args: [\"" + everything.get(1) + "\", stdio]",
            "    timeout: 20",
            "    tools: {exclude: [get-env]}",
            "  broken:",
            "    command: /nonexistent/mcp-server",
            "  typo:",
            "    comand: x",
            "  off:",
            "    url: http://127.0.0.1:9/mcp",
            "    enabled: false",
            "");
    ToolsmithConfig config = ToolsmithConfig.parse(yaml, "toolsmith.yaml", Path.of("."));
    ToolRegistry registry = ToolRegistry.create();
    // A built-in tool holds a name the server also has: the MCP tool must not shadow it.
    registry.registerAll(
        ToolOrigin.BUILT_IN,
        List.of(
            ToolEntry.builder("mcp__everything__get_sum", "math")
                .schema("{\"type\":\"object\",\"properties\":{}}")
                .handler((ToolHandler.Sync) (arguments, context) -> "{\"mine\":true}")
                .build()),
        false);
    McpToolSource source = new McpToolSource();
    DiscoveryReport report =
        Discovery.builder().config(config).sources(List.of(source)).build().into(registry);

    Map<String, SourceReport> byOrigin =
        report.sources(ToolOrigin.Kind.SOURCE).stream()
            .collect(Collectors.toMap(s -> s.origin().name(), s -> s));
    assertEquals(
        SourceReport.Status.LOADED,
        byOrigin.get("mcp_servers.everything").status(),
        byOrigin.toString());
    assertTrue(byOrigin.get("mcp_servers.everything").tools().contains("mcp__everything__echo"));
    assertEquals(SourceReport.Status.FAILED, byOrigin.get("mcp_servers.broken").status());
    assertTrue(
        byOrigin.get("mcp_servers.broken").detail().contains("/nonexistent/mcp-server"),
        byOrigin.get("mcp_servers.broken").detail());
    assertEquals(SourceReport.Status.FAILED, byOrigin.get("mcp_servers.typo").status());
    assertTrue(
        byOrigin
            .get("mcp_servers.typo")
            .detail()
            .startsWith("toolsmith.yaml, line 10: mcp_servers.typo.comand"),
        byOrigin.get("mcp_servers.typo").detail());
    assertEquals(SourceReport.Status.DISABLED, byOrigin.get("mcp_servers.off").status());

    assertEquals(1, report.collisions().size(), report.collisions().toString());
    assertEquals("{\"mine\":true}", registry.dispatch("mcp__everything__get_sum", "{}"));
    assertTrue(
        registry.dispatch("mcp__everything__echo", "{\"message\":\"héllo\"}").contains("héllo"));
    assertEquals(
        List.of(),
        registry.toolNames("mcp-everything").stream().filter(n -> n.endsWith("get_env")).toList());

    // The tools announced by list_changed after start-up arrive under the server's origin.
    assertTrue(
        Peers.await(
            () -> registry.toolNames().contains("mcp__everything__simulate_research_query"),
            Duration.ofSeconds(30)));
    assertEquals(
        ToolOrigin.source("mcp_servers.everything"),
        registry.originOf("mcp__everything__simulate_research_query").orElseThrow());
    assertEquals(
        List.of("everything", "broken", "off"),
        source.servers().stream().map(ServerStatus::name).toList());
    source.close();
    // A closed server's tools are not offered, so not callable either.
    assertEquals(
        "{\"error\":\"Tool mcp__everything__echo is unavailable: check returned false"
            + " (MCP server 'everything' is closed)\"}",
        registry.dispatch("mcp__everything__echo", "{\"message\":\"x\"}"));
  }

  @Test
  void theSourceIsFoundByServiceLoader() {
    ToolRegistry registry = ToolRegistry.create();
    DiscoveryReport report =
        Discovery.builder().build().into(registry); // no mcp_servers: nothing to connect
    assertEquals(List.of(), report.failures());
    assertTrue(
        java.util.ServiceLoader.load(dev.toolsmith.runtime.spi.ToolSource.class).stream()
            .anyMatch(provider -> provider.type() == McpToolSource.class));
  }
}
