package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A server configuration is an immutable value made one way, as {@code ToolEntry} is: a builder,
 * checked when built, and {@code toBuilder()} to derive another.
 */
final class McpServerConfigTest {

  private static McpServerConfig everySetting() {
    return McpServerConfig.builder("s", McpServerConfig.Transport.SSE)
        .url("http://127.0.0.1:1/sse")
        .headers(Map.of("Authorization", "Bearer ${TOKEN}"))
        .timeout(Duration.ofSeconds(3))
        .connectTimeout(Duration.ofSeconds(4))
        .enabled(false)
        .tools(Set.of("a"), Set.of("b"))
        .maxMessageBytes(4096)
        .build();
  }

  @Test
  void toBuilderKeepsEverySettingAndChangesOnlyWhatIsSet() {
    McpServerConfig config = everySetting();
    assertEquals(config, config.toBuilder().build());
    assertEquals(config.hashCode(), config.toBuilder().build().hashCode());
    McpServerConfig longer = config.toBuilder().timeout(Duration.ofSeconds(9)).build();
    assertEquals(Duration.ofSeconds(9), longer.timeout());
    assertEquals(Duration.ofSeconds(3), config.timeout(), "the original is unchanged");
    assertNotEquals(config, longer);
    assertEquals(config, longer.toBuilder().timeout(Duration.ofSeconds(3)).build());
  }

  @Test
  void presetsHaveTheDefaults() {
    McpServerConfig stdio = McpServerConfig.stdio("s", "server", List.of("--flag"));
    assertEquals(McpServerConfig.DEFAULT_TIMEOUT, stdio.timeout());
    assertEquals(McpServerConfig.DEFAULT_CONNECT_TIMEOUT, stdio.connectTimeout());
    assertEquals(McpServerConfig.DEFAULT_MAX_MESSAGE_BYTES, stdio.maxMessageBytes());
    assertEquals("", stdio.url());
    assertEquals(
        McpServerConfig.Transport.STREAMABLE_HTTP,
        McpServerConfig.http("h", "http://127.0.0.1:1/mcp").transport());
  }

  @Test
  void buildRefusesWhatCannotConnectWithOneLine() {
    McpServerConfig config = McpServerConfig.stdio("s", "server", List.of());
    assertEquals(
        "MCP server 's': maxMessageBytes must be at least 1024; found 1000",
        assertThrows(
                IllegalArgumentException.class,
                () -> config.toBuilder().maxMessageBytes(1000).build())
            .getMessage());
    assertEquals(
        "MCP server 's': a stdio server needs a command",
        assertThrows(IllegalArgumentException.class, () -> config.toBuilder().command("").build())
            .getMessage());
    assertEquals(
        "MCP server 's': timeouts must be positive",
        assertThrows(
                IllegalArgumentException.class,
                () -> config.toBuilder().connectTimeout(Duration.ZERO).build())
            .getMessage());
    assertEquals(
        "MCP server 'h': an HTTP server needs a url",
        assertThrows(
                IllegalArgumentException.class,
                () -> McpServerConfig.builder("h", McpServerConfig.Transport.SSE).build())
            .getMessage());
  }

  @Test
  void theBuilderIsTheOnlyWayToMakeOne() {
    assertEquals(0, McpServerConfig.class.getConstructors().length);
  }
}
