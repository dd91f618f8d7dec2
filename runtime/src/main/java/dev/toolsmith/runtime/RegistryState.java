package dev.toolsmith.runtime;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * One immutable version of the registry's contents; {@link ToolRegistry} swaps a new one in on
 * every write, so a reader that holds one sees tools, toolsets and checks that belong together.
 */
final class RegistryState {

  static final RegistryState EMPTY = new RegistryState(new TreeMap<>(), new HashMap<>());

  private static final Logger LOG = System.getLogger(ToolRegistry.class.getName());

  /** Name to entry, for dispatch: a hash lookup and nothing else. */
  final Map<String, ToolEntry> byName;
  /** Every name, sorted. */
  final List<String> names;
  /** Name to toolset, in name order. */
  final Map<String, String> toolsetByName;
  /** Toolset to its entries sorted by name, toolsets sorted. */
  final SortedMap<String, List<ToolEntry>> byToolset;
  /** Toolset to its check: the first one registered for it. */
  final Map<String, BooleanSupplier> checks;

  private RegistryState(TreeMap<String, ToolEntry> sorted, Map<String, BooleanSupplier> checks) {
    this.byName = Map.copyOf(sorted);
    this.names = List.copyOf(sorted.keySet());
    Map<String, String> toolsets = new LinkedHashMap<>();
    TreeMap<String, List<ToolEntry>> groups = new TreeMap<>();
    for (ToolEntry entry : sorted.values()) {
      toolsets.put(entry.name(), entry.toolset());
      groups.computeIfAbsent(entry.toolset(), t -> new ArrayList<>()).add(entry);
    }
    groups.replaceAll((toolset, entries) -> List.copyOf(entries));
    this.toolsetByName = Collections.unmodifiableMap(toolsets);
    this.byToolset = Collections.unmodifiableSortedMap(groups);
    this.checks = Map.copyOf(checks);
  }

  /** The tool names of {@code toolset}, sorted; empty for an unknown toolset. */
  List<String> toolNames(String toolset) {
    List<ToolEntry> entries = byToolset.getOrDefault(toolset, List.of());
    List<String> names = new ArrayList<>(entries.size());
    for (ToolEntry entry : entries) {
      names.add(entry.name());
    }
    return List.copyOf(names);
  }

  /** The environment variables the tools of {@code toolset} need, first seen first, no duplicates. */
  List<String> requiredEnv(String toolset) {
    Set<String> env = new LinkedHashSet<>();
    for (ToolEntry entry : byToolset.getOrDefault(toolset, List.of())) {
      env.addAll(entry.requiresEnv());
    }
    return List.copyOf(env);
  }

  /** A mutable copy to apply writes to, then {@link Editor#freeze()} into the next state. */
  Editor edit(CollisionPolicy policy) {
    return new Editor(this, policy);
  }

  /** Applies registrations and removals to a copy of one state; used under the registry's write lock. */
  static final class Editor {
    private final TreeMap<String, ToolEntry> tools;
    private final Map<String, BooleanSupplier> checks;
    private final CollisionPolicy policy;
    private boolean changed;

    private Editor(RegistryState base, CollisionPolicy policy) {
      this.tools = new TreeMap<>(base.byName);
      this.checks = new HashMap<>(base.checks);
      this.policy = policy;
    }

    /** Adds or replaces {@code entry} unless the collision policy refuses it; false when refused. */
    boolean register(ToolEntry entry) {
      ToolEntry existing = tools.get(entry.name());
      boolean crossToolset = existing != null && !existing.toolset().equals(entry.toolset());
      if (crossToolset) {
        if (policy == CollisionPolicy.KEEP_EXISTING) {
          LOG.log(Level.WARNING, () -> "Tool registration refused: '" + entry.name()
              + "' (toolset '" + entry.toolset() + "') would shadow the tool of toolset '"
              + existing.toolset() + "'; deregister it first or use CollisionPolicy.REPLACE");
          return false;
        }
        LOG.log(Level.WARNING, () -> "Tool '" + entry.name() + "': toolset '" + entry.toolset()
            + "' replaces the tool of toolset '" + existing.toolset() + "' (CollisionPolicy.REPLACE)");
      } else if (existing != null) {
        LOG.log(Level.DEBUG, () -> "Tool '" + entry.name() + "' re-registered in its toolset");
      }
      tools.put(entry.name(), entry);
      if (crossToolset) {
        dropCheckIfEmpty(existing.toolset());
      }
      // Stored once per toolset: later tools of the toolset share the first check.
      entry.check().ifPresent(check -> checks.putIfAbsent(entry.toolset(), check));
      changed = true;
      return true;
    }

    /** Removes the tool named {@code name}; false when there is none. */
    boolean deregister(String name) {
      ToolEntry removed = tools.remove(name);
      if (removed == null) {
        return false;
      }
      dropCheckIfEmpty(removed.toolset());
      changed = true;
      LOG.log(Level.DEBUG, () -> "Deregistered tool '" + name + "'");
      return true;
    }

    private void dropCheckIfEmpty(String toolset) {
      for (ToolEntry entry : tools.values()) {
        if (entry.toolset().equals(toolset)) {
          return;
        }
      }
      checks.remove(toolset);
    }

    /** Whether any write took effect. */
    boolean changed() {
      return changed;
    }

    /** The next immutable state. */
    RegistryState freeze() {
      return new RegistryState(tools, checks);
    }
  }
}
