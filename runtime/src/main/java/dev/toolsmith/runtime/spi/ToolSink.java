package dev.toolsmith.runtime.spi;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.ToolEntry;
import java.util.Collection;
import java.util.List;

/**
 * A {@link ToolSource}'s handle on its own origins in the registry being filled, each named by its
 * key in the source's section (an MCP server's name): what a source whose tools change needs, and
 * nothing of the rest of the registry. Thread-safe.
 *
 * <p>Tools registered here carry the origin {@link ToolSourceContext#originOf}; they replace
 * another origin's tools only when the origin's map says {@code allow_override: true}.
 */
public interface ToolSink {

  /**
   * Registers (or replaces) tools of {@code origin}, all visible at once; the first registration of
   * an origin is its entry in the discovery report. A tool of another origin or toolset under the
   * same name is refused (logged and returned) unless the origin may override.
   *
   * @return the collisions with other origins and toolsets, refused or overridden
   */
  List<Collision> register(String origin, Collection<ToolEntry> entries);

  /**
   * Whether the registry holds the tool {@code name} as {@code origin}'s (not refused, not
   * another's).
   */
  boolean holds(String origin, String name);

  /**
   * Removes the tool {@code name} when it is {@code origin}'s; a refused collision leaves another
   * origin's tool under the name, and that one stays.
   *
   * @return false when {@code origin} did not hold it
   */
  boolean remove(String origin, String name);

  /**
   * The availability of this source's tools changed (a server's connection was lost, came back or
   * was closed): cached availability checks are stale.
   */
  void availabilityChanged();
}
