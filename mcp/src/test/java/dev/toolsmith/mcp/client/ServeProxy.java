package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.runtime.ToolRegistry;
import java.time.Duration;
import java.util.List;

/**
 * Serves over stdio a registry whose tools are proxied from {@code upstream-progress.mjs}, as
 * {@code serve-mcp} does with an {@code mcp_servers} entry; args: node, the script.
 */
public final class ServeProxy {

  private ServeProxy() {}

  public static void main(String[] args) throws InterruptedException {
    McpServerConfig upstream =
        McpServerConfig.stdio("up", args[0], List.of(args[1])).toBuilder()
            .timeout(Duration.ofSeconds(30))
            .connectTimeout(Duration.ofSeconds(30))
            .build();
    ToolRegistry registry = ToolRegistry.create();
    try (McpClients clients =
            McpClients.builder().servers(List.of(upstream)).build().connect(registry);
        McpRegistryServer server = McpRegistryServer.builder(registry).serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
