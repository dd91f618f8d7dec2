package dev.toolsmith.mcp;

import dev.toolsmith.runtime.ToolEntry;
import java.util.List;

/**
 * Where a server's tools go: straight into a registry, or through the discovery SPI's context,
 * which applies the cross-origin override policy and reports collisions.
 */
interface ToolSink {

  /** Registers (or replaces) tools of {@code server}; all visible at once. */
  void register(String server, List<ToolEntry> entries);

  /**
   * Whether the registry holds {@code name} as {@code server}'s tool (not refused, not another's).
   */
  boolean holds(String server, String name);

  /** Removes the tool {@code name} of {@code server}. */
  void deregister(String server, String name);

  /**
   * A server's connection was lost, came back or was closed for good: cached availability checks
   * are stale.
   */
  void availabilityChanged();
}
