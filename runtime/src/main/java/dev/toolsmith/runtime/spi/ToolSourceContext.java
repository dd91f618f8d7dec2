package dev.toolsmith.runtime.spi;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.util.Collection;
import java.util.List;

/**
 * What a {@link ToolSource} gets: its configuration section, the bindings, and a {@link ToolSink}
 * for its own origins, under the override policy; never the whole registry. Thread-safe, so a
 * source may register its origins from several threads.
 *
 * <p>The context stays usable after discovery: a source whose tools change registers them again
 * through its {@link #sink()} (same origin, so they replace silently) and removes the ones that
 * went away; collisions are still refused and logged, though no longer added to the report.
 *
 * <p>An origin is a key of the section, e.g. {@code everything} under {@code mcp_servers}; its
 * tools are registered as {@link ToolOrigin#source ToolOrigin.source("mcp_servers.everything")} and
 * may replace another origin's tools only when that key's map says {@code allow_override: true}.
 */
public interface ToolSourceContext {

  /** The key in an origin's map that lets its tools replace tools of other origins. */
  String ALLOW_OVERRIDE = "allow_override";

  /** The source's section of the configuration; an empty map when the file has none. */
  ConfigNode config();

  /** Instances the application bound, for sources that build tools around them. */
  Bindings bindings();

  /** The handle on this source's origins in the registry being filled, for tools that change. */
  ToolSink sink();

  /** The registry origin of the section key {@code origin}. */
  ToolOrigin originOf(String origin);

  /**
   * Whether {@code origin}'s tools may replace tools of other origins: its map in the section says
   * {@code allow_override: true}.
   *
   * @throws ConfigException when {@code allow_override} is not a boolean
   */
  boolean allowsOverride(String origin);

  /**
   * Registers {@code entries} for {@code origin} (all of them visible at once), reports the origin
   * as loaded, and returns the cross-origin collisions (refused ones are not registered): {@link
   * ToolSink#register sink().register}.
   */
  default List<Collision> register(String origin, Collection<ToolEntry> entries) {
    return sink().register(origin, entries);
  }

  /** Reports that {@code origin} could not be loaded, and why; logged as a warning. */
  void failed(String origin, String reason);

  /** Reports that {@code origin} is switched off in the configuration. */
  void disabled(String origin, String reason);
}
