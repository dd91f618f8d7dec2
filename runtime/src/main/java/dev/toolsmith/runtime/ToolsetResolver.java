package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Turns toolset names into tool names over one registry snapshot: includes expand transitively
 * (each toolset once, so cycles end and diamonds count once), {@code all} and {@code *} mean every
 * tool, an unknown name gives nothing, and the disabled selection is taken away after the enabled
 * one.
 */
final class ToolsetResolver {

  /** The name that selects every tool. */
  static final String ALL = "all";

  /** Another spelling of {@link #ALL}. */
  static final String STAR = "*";

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private final RegistryState state;

  ToolsetResolver(RegistryState state) {
    this.state = state;
  }

  /** The registered tools {@code enabled} selects, minus those {@code disabled} selects, sorted. */
  List<String> resolve(Collection<String> enabled, Collection<String> disabled) {
    SortedSet<String> tools = expandAll(enabled);
    tools.removeAll(expandAll(disabled));
    tools.retainAll(state.byName.keySet()); // definitions may name tools that are not registered
    return List.copyOf(tools);
  }

  private SortedSet<String> expandAll(Collection<String> toolsets) {
    TreeSet<String> tools = new TreeSet<>();
    Set<String> visited = new HashSet<>();
    for (String toolset : toolsets) {
      if (toolset != null) {
        expand(toolset, visited, tools);
      }
    }
    return tools;
  }

  private void expand(String toolset, Set<String> visited, Set<String> into) {
    if (ALL.equals(toolset) || STAR.equals(toolset)) {
      into.addAll(state.names);
      return;
    }
    if (!visited.add(toolset)) {
      return; // a cycle, or a diamond whose tools are already in
    }
    ToolsetDefinition definition = state.definitions.get(toolset);
    List<String> registered = state.toolNames(toolset);
    if (definition == null && registered.isEmpty()) {
      LOG.log(Level.DEBUG, () -> "Unknown toolset '" + toolset + "' selects no tools");
      return;
    }
    into.addAll(registered);
    if (definition != null) {
      into.addAll(definition.tools());
      for (String included : new ArrayList<>(definition.includes())) {
        expand(included, visited, into);
      }
    }
  }
}
