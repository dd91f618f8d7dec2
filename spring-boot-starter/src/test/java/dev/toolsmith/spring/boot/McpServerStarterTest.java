package dev.toolsmith.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.ToolRegistry;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.mcp.server.common.autoconfigure.ToolCallbackConverterAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.ResolvableType;

/**
 * Spring AI's MCP server auto-configuration serves the starter's tools with no code: its converter
 * turns the {@code ToolCallbackProvider} bean into the MCP server's tool list.
 */
class McpServerStarterTest {

  @Test
  void theMcpServerStarterServesEveryToolAndItsCallsReachTheRegistry() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                ToolsmithAutoConfiguration.class, ToolCallbackConverterAutoConfiguration.class))
        .withBean(Greeter.class, () -> new Greeter("Hi"))
        .withBean(GreetingTools.class)
        .run(
            context -> {
              @SuppressWarnings("unchecked")
              List<SyncToolSpecification> served =
                  (List<SyncToolSpecification>)
                      context.getBean(
                          context
                              .getBeanNamesForType(
                                  ResolvableType.forClassWithGenerics(
                                      List.class, SyncToolSpecification.class))[0]);
              ToolRegistry registry = context.getBean(ToolRegistry.class);

              assertEquals(
                  List.of("add", "greet", "repeat"),
                  served.stream().map(tool -> tool.tool().name()).sorted().toList());
              SyncToolSpecification greet =
                  served.stream()
                      .filter(tool -> tool.tool().name().equals("greet"))
                      .findFirst()
                      .orElseThrow();
              // a session's exchange; the tool does not use it
              McpSyncServerExchange exchange = new McpSyncServerExchange(null);
              McpSchema.CallToolResult result =
                  greet
                      .callHandler()
                      .apply(
                          exchange,
                          McpSchema.CallToolRequest.builder()
                              .name("greet")
                              .arguments(Map.of("name", "Ada"))
                              .build());
              assertEquals("Hi, Ada", ((McpSchema.TextContent) result.content().get(0)).text());
              assertEquals(
                  registry.entry("greet").orElseThrow().definition().description(),
                  greet.tool().description());
            });
  }
}
