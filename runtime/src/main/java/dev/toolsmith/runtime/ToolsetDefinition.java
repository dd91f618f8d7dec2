package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A named group of tools, declared in code or in the config: its own tools plus every tool of the
 * toolsets it includes. A toolset that tools name in their {@code toolset} field exists without a
 * definition; a definition of the same name adds to it. A definition that only includes one toolset
 * is an alias of it ({@link #alias}).
 *
 * <p>Redefining a name that pointed elsewhere is logged as a warning naming both; when a toolset
 * loses its last tool, the definitions that only pointed at it are dropped with it.
 *
 * @param name the toolset's name
 * @param description what the toolset is for; may be empty
 * @param tools tool names it holds besides those registered in it
 * @param includes other toolsets whose tools it holds, resolved transitively
 */
public record ToolsetDefinition(
    String name, String description, List<String> tools, List<String> includes) {

  public ToolsetDefinition {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
    tools = List.copyOf(requireNonNull(tools, "tools == null"));
    includes = List.copyOf(requireNonNull(includes, "includes == null"));
  }

  /** A definition that only includes other toolsets. */
  public static ToolsetDefinition including(String name, String description, String... includes) {
    return new ToolsetDefinition(name, description, List.of(), List.of(includes));
  }

  /** Another name for {@code toolset}: a definition that includes it and nothing else. */
  public static ToolsetDefinition alias(String alias, String toolset) {
    requireNonNull(toolset, "toolset == null");
    return new ToolsetDefinition(alias, "", List.of(), List.of(toolset));
  }

  /** Whether this definition holds nothing but the toolset {@code toolset}. */
  boolean onlyPointsAt(String toolset) {
    return tools.isEmpty() && !includes.isEmpty() && includes.stream().allMatch(toolset::equals);
  }

  /** What it points at, for a log line: {@code includes [a, b], tools [x]}. */
  String targets() {
    return "includes " + includes + ", tools " + tools;
  }
}
