package dev.toolsmith.mcp.server;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.Map;

/**
 * Serves, over stdio, a registry with the built-in guards and no approval handler of its own: the
 * served calls' MCP client gives the approvals: {@code delete_file} (destructive: asked for) and
 * {@code count} (not destructive: runs at once, until the loop guard stops its third identical
 * call). For approval.mjs to start.
 */
public final class ServeGuarded {

  private ServeGuarded() {}

  /** The guarded registry. */
  static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.builder().guards(Guards.defaults()).build();
    registry.register(
        ToolEntry.builder("delete_file", "files")
            .description("Deletes a file.")
            .hints(new ToolHints(false, true, true, false))
            .schema(
                "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},"
                    + "\"required\":[\"path\"]}")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) ->
                        McpJson.write(
                            Map.of(
                                "deleted",
                                McpJson.MAPPER.readTree(arguments).path("path").asText())))
            .build());
    registry.register(
        ToolEntry.builder("count", "files")
            .description("Counts the files.")
            .hints(new ToolHints(true, false, true, false))
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .handler((ToolHandler.Sync) (arguments, context) -> "{\"files\":3}")
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
