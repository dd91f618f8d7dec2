package dev.toolsmith.mcp;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;

/**
 * Registers servers' tools straight into a registry, each server's under its own toolset; a tool
 * refused because another toolset holds its name is logged.
 */
final class RegistrySink implements ToolSink {

  // McpClients' logger, as before this class was split from it: logging configurations name it.
  private static final Logger LOG = System.getLogger(McpClients.class.getName());

  private final ToolRegistry registry;

  RegistrySink(ToolRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void register(String server, List<ToolEntry> entries) {
    // One write for the whole list: readers see all of it at once, and a large server's tools
    // cost one snapshot, not one per tool.
    for (Collision collision : registry.registerAll(entries)) {
      if (!collision.replaced()) {
        LOG.log(
            Level.WARNING,
            () ->
                "MCP tool '"
                    + collision.tool()
                    + "' of server '"
                    + server
                    + "' refused: the name belongs to another toolset");
      }
    }
  }

  @Override
  public boolean holds(String server, String name) {
    return registry
        .entry(name)
        .map(ToolEntry::toolset)
        .filter(ToolNames.toolset(server)::equals)
        .isPresent();
  }

  @Override
  public void deregister(String server, String name) {
    // only the server's own tool: another toolset may hold the name after a refusal
    if (holds(server, name)) {
      registry.deregister(name);
    }
  }

  @Override
  public void availabilityChanged() {
    registry.invalidateChecks();
  }
}
