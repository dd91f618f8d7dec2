package dev.toolsmith.mcp.server;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.Map;

/**
 * Serves {@link Fixture#registry()} plus {@code echo_raw} (answers the argument text it received)
 * over stdio, for the raw JSON-RPC tests; public for toolsmith-mcp-http's tests.
 */
public final class ServeHostile {

  private ServeHostile() {}

  /** The fixture registry with {@code echo_raw}, whose result is the text it was given. */
  public static ToolRegistry registry() {
    ToolRegistry registry = Fixture.registry();
    registry.register(
        ToolEntry.builder("echo_raw", "debug")
            .description("Answers the arguments exactly as received.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> McpJson.write(Map.of("received", arguments)))
            .build());
    return registry;
  }

  public static void main(String[] args) throws InterruptedException {
    try (McpRegistryServer server = McpRegistryServer.builder(registry()).serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
