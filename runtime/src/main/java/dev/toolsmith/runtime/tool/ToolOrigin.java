package dev.toolsmith.runtime.tool;

import static java.util.Objects.requireNonNull;

/**
 * Where a registered tool came from: the application, the class path's built-in indexes (phase 1),
 * one origin of a {@link dev.toolsmith.runtime.spi.ToolSource} such as one MCP server (phase 2), or
 * one plugin (phase 3).
 *
 * <p>A tool from one origin never silently replaces a tool from another: see {@link
 * dev.toolsmith.runtime.ToolRegistry#registerAll(ToolOrigin, Iterable, boolean)}.
 *
 * @param kind which discovery phase, or the application
 * @param name the origin within its kind: a plugin's name, a source's config path such as {@code
 *     mcp_servers.everything}
 */
public record ToolOrigin(Kind kind, String name) {

  /** The kinds of origin, in discovery order. */
  public enum Kind {
    /** Registered by the application's own code. */
    APPLICATION,
    /** Phase 1: a generated index on the class path. */
    BUILT_IN,
    /** Phase 2: a {@link dev.toolsmith.runtime.spi.ToolSource}, e.g. an MCP server. */
    SOURCE,
    /** Phase 3: a plugin jar. */
    PLUGIN
  }

  /** Tools the application registered itself. */
  public static final ToolOrigin APPLICATION = new ToolOrigin(Kind.APPLICATION, "application");

  /** The class path's built-in indexes as a whole, e.g. for a failure to list them. */
  public static final ToolOrigin BUILT_IN = new ToolOrigin(Kind.BUILT_IN, "class path");

  public ToolOrigin {
    requireNonNull(kind, "kind == null");
    requireNonNull(name, "name == null");
  }

  /**
   * The built-in index {@code indexClass}: each index its own origin, so the same tool in two jars
   * on the class path is refused and reported, not silently replaced.
   */
  public static ToolOrigin builtIn(String indexClass) {
    return new ToolOrigin(Kind.BUILT_IN, indexClass);
  }

  /**
   * One origin of a phase-2 source, named by its config path, e.g. {@code mcp_servers.everything}.
   */
  public static ToolOrigin source(String name) {
    return new ToolOrigin(Kind.SOURCE, name);
  }

  /** The plugin named {@code name}. */
  public static ToolOrigin plugin(String name) {
    return new ToolOrigin(Kind.PLUGIN, name);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case APPLICATION -> "application";
      case BUILT_IN -> BUILT_IN.name.equals(name) ? "built-in" : "built-in " + name;
      case SOURCE -> "source " + name;
      default -> "plugin " + name;
    };
  }
}
