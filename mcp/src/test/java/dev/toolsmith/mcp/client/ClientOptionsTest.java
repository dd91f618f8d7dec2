package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.HttpServletSseServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;

/**
 * Per-server options against real servers: headers, tool filters, name collisions, SSE, disabled.
 */
@Timeout(90)
final class ClientOptionsTest {

  private static McpServerConfig faulty(FaultServer server) {
    return McpServerConfig.http("faulty", server.url()).toBuilder()
        .timeout(Duration.ofSeconds(10))
        .connectTimeout(Duration.ofSeconds(10))
        .build();
  }

  @Test
  void headersAreSentWithVariablesExpanded() throws Exception {
    try (FaultServer server = new FaultServer()) {
      ToolRegistry registry = ToolRegistry.create();
      McpServerConfig config =
          faulty(server).toBuilder().headers(Map.of("Authorization", "Bearer ${TOKEN}")).build();
      try (McpClients clients =
          McpClients.builder()
              .servers(List.of(config))
              .environment(Map.of("TOKEN", "t0k3n")::get)
              .build()
              .connect(registry)) {
        assertEquals(ServerStatus.State.CONNECTED, clients.servers().get(0).state());
        assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__faulty__ok", "{}"));
        assertEquals("Bearer t0k3n", server.lastAuthorization);
      }
    }
  }

  @Test
  void includeKeepsOnlyTheNamedToolsAndExcludeDropsTheNamedOnes() throws Exception {
    try (FaultServer server = new FaultServer()) {
      ToolRegistry included = ToolRegistry.create();
      ToolRegistry excluded = ToolRegistry.create();
      try (McpClients a =
              McpClients.builder()
                  .servers(
                      List.of(faulty(server).toBuilder().tools(Set.of("ok"), Set.of("ok")).build()))
                  .build()
                  .connect(included);
          McpClients b =
              McpClients.builder()
                  .servers(
                      List.of(faulty(server).toBuilder().tools(Set.of(), Set.of("slow")).build()))
                  .build()
                  .connect(excluded)) {
        assertEquals(List.of("mcp__faulty__ok"), a.servers().get(0).tools());
        assertEquals(List.of("mcp__faulty__ok"), included.toolNames());
        assertEquals(
            List.of("mcp__faulty__garbage", "mcp__faulty__ok"), b.servers().get(0).tools());
        assertEquals(List.of("mcp__faulty__garbage", "mcp__faulty__ok"), excluded.toolNames());
      }
    }
  }

  @Test
  void toolsThatCollideAfterSanitizingAreBothReportedAndNeitherRegistered() throws Exception {
    try (FaultServer server = new FaultServer()) {
      server.addTool("a.b");
      server.addTool("a_b");
      server.addTool("c-d");
      ToolRegistry registry = ToolRegistry.create();
      try (McpClients clients =
          McpClients.builder().servers(List.of(faulty(server))).build().connect(registry)) {
        assertEquals(
            List.of(
                "mcp__faulty__c_d", "mcp__faulty__garbage", "mcp__faulty__ok", "mcp__faulty__slow"),
            registry.toolNames());
        assertEquals(
            "{\"result\":\"c-d\"}",
            registry.dispatch("mcp__faulty__c_d", "{}"),
            "the server's own name is what is sent");
        ServerStatus status = clients.servers().get(0);
        assertEquals(
            "tools 'a.b' and 'a_b' of MCP server 'faulty' both become 'mcp__faulty__a_b'; "
                + "neither is registered",
            status.detail());
      }
    }
  }

  @Test
  void aToolOfAnotherToolsetIsNotShadowed() throws Exception {
    try (FaultServer server = new FaultServer()) {
      ToolRegistry registry = ToolRegistry.create();
      registry.register(
          ToolEntry.builder("mcp__faulty__ok", "built-in")
              .schema("{\"type\":\"object\",\"properties\":{}}")
              .handler((ToolHandler.Sync) (arguments, context) -> "{\"mine\":true}")
              .build());
      try (McpClients clients =
          McpClients.builder().servers(List.of(faulty(server))).build().connect(registry)) {
        assertEquals(ServerStatus.State.CONNECTED, clients.servers().get(0).state());
        assertEquals("{\"mine\":true}", registry.dispatch("mcp__faulty__ok", "{}"));
        assertEquals(
            "mcp-faulty",
            registry.entry("mcp__faulty__slow").map(ToolEntry::toolset).orElseThrow());
        List<String> listed = clients.servers().get(0).tools();
        assertTrue(
            listed.contains("mcp__faulty__slow") && !listed.contains("mcp__faulty__ok"),
            listed.toString());
      }
    }
  }

  @Test
  void aSecondServerWhoseNameSanitizesToATakenToolsetIsRejected() throws Exception {
    try (FaultServer server = new FaultServer()) {
      ToolRegistry registry = ToolRegistry.create();
      McpServerConfig first = McpServerConfig.http("fault.y", server.url());
      McpServerConfig second = McpServerConfig.http("fault y", server.url());
      try (McpClients clients =
          McpClients.builder().servers(List.of(first, second)).build().connect(registry)) {
        ServerStatus kept = clients.servers().get(0);
        ServerStatus rejected = clients.servers().get(1);
        assertEquals(ServerStatus.State.CONNECTED, kept.state(), kept.describe());
        assertEquals(ServerStatus.State.FAILED, rejected.state(), rejected.describe());
        assertTrue(
            rejected.detail().contains("mcp-fault_y") && rejected.detail().contains("'fault.y'"),
            rejected.detail());
        assertEquals(List.of(), rejected.tools());
        assertTrue(kept.tools().contains("mcp__fault_y__ok"), kept.tools().toString());
        assertEquals("{\"result\":\"fine\"}", registry.dispatch("mcp__fault_y__ok", "{}"));
      }
    }
  }

  @Test
  void connectingIsDiscoveryWithOneSourceAndATakenNameStaysItsHolders() throws Exception {
    try (FaultServer server = new FaultServer()) {
      ToolRegistry registry = ToolRegistry.create();
      ToolEntry own =
          ToolEntry.builder("mcp__fault__ok", "mine")
              .schema("{\"type\":\"object\"}")
              .handler((ToolHandler.Sync) (arguments, context) -> "\"own\"")
              .build();
      registry.register(own);
      McpServerConfig config = McpServerConfig.http("fault", server.url());
      try (McpClients clients =
          McpClients.builder().servers(List.of(config)).build().connect(registry)) {
        ServerStatus status = clients.servers().get(0);
        assertEquals(ServerStatus.State.CONNECTED, status.state(), status.describe());
        assertEquals(
            Optional.of(ToolOrigin.source("mcp_servers.fault")),
            registry.originOf("mcp__fault__slow"));
        assertEquals(Optional.of(ToolOrigin.APPLICATION), registry.originOf("mcp__fault__ok"));
        assertEquals("\"own\"", registry.dispatch("mcp__fault__ok", "{}"));
        assertTrue(!status.tools().contains("mcp__fault__ok"), status.tools().toString());
      }
    }
  }

  @Test
  void aDisabledServerIsReportedAndNotStarted() {
    ToolRegistry registry = ToolRegistry.create();
    McpServerConfig off =
        McpServerConfig.stdio("off", "/nonexistent/never-started", List.of()).toBuilder()
            .enabled(false)
            .build();
    try (McpClients clients =
        McpClients.builder().servers(List.of(off)).build().connect(registry)) {
      assertEquals(
          List.of(
              new ServerStatus("off", ServerStatus.State.DISABLED, List.of(), "enabled: false")),
          clients.servers());
      assertEquals(List.of(), registry.toolNames());
    }
  }

  @Test
  @SuppressWarnings(
      "deprecation") // the SDK deprecates the legacy HTTP+SSE transport it still ships
  void legacySseWhenAsked() throws Exception {
    HttpServletSseServerTransportProvider transport =
        HttpServletSseServerTransportProvider.builder()
            .jsonMapper(McpJson.SDK)
            .sseEndpoint("/sse")
            .messageEndpoint("/message")
            .build();
    McpAsyncServer server =
        McpServer.async(transport)
            .serverInfo("legacy", "1.0")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .tools(
                McpServerFeatures.AsyncToolSpecification.builder()
                    .tool(
                        McpSchema.Tool.builder(
                                "ping", Map.of("type", "object", "properties", Map.of()))
                            .description("Answers pong.")
                            .build())
                    .callHandler(
                        (exchange, request) ->
                            Mono.just(
                                McpSchema.CallToolResult.builder().addTextContent("pong").build()))
                    .build())
            .build();
    Server jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    ServletHolder holder = new ServletHolder(transport);
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/*");
    jetty.setHandler(context);
    jetty.start();
    try {
      ToolRegistry registry = ToolRegistry.create();
      McpServerConfig config =
          McpServerConfig.http("legacy", "http://127.0.0.1:" + connector.getLocalPort() + "/sse")
              .toBuilder()
              .transport(McpServerConfig.Transport.SSE)
              .timeout(Duration.ofSeconds(10))
              .connectTimeout(Duration.ofSeconds(10))
              .build();
      try (McpClients clients =
          McpClients.builder().servers(List.of(config)).build().connect(registry)) {
        assertEquals(
            ServerStatus.State.CONNECTED,
            clients.servers().get(0).state(),
            clients.servers().get(0).describe());
        assertEquals("{\"result\":\"pong\"}", registry.dispatch("mcp__legacy__ping", "{}"));
      }
    } finally {
      jetty.stop();
      server.close();
    }
  }
}
