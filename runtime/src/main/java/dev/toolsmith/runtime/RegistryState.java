package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
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
 * every write, so a reader that holds one sees tools, toolsets, checks and origins that belong together.
 */
final class RegistryState {

  static final RegistryState EMPTY =
      new RegistryState(new TreeMap<>(), new HashMap<>(), new TreeMap<>());

  private static final Logger LOG = LazyLogger.of(ToolRegistry.class.getName());

  /** Name to entry, for dispatch: a hash lookup and nothing else. */
  final Map<String, ToolEntry> byName;
  /** Every name, sorted. */
  final List<String> names;
  /** Name to toolset, in name order. */
  final Map<String, String> toolsetByName;
  /** Toolset to its entries sorted by name, toolsets sorted. */
  final SortedMap<String, List<ToolEntry>> byToolset;
  /** The distinct availability checks the tools hold, by identity. */
  final Set<BooleanSupplier> checks;
  /** Name to the origin that registered the tool. */
  final Map<String, ToolOrigin> origins;
  /** Toolset definitions by name, sorted. */
  final SortedMap<String, ToolsetDefinition> definitions;

  private RegistryState(SortedMap<String, ToolEntry> sorted,
      Map<String, ToolOrigin> origins, SortedMap<String, ToolsetDefinition> definitions) {
    this.byName = Map.copyOf(sorted);
    this.names = List.copyOf(sorted.keySet());
    Map<String, String> toolsets = new LinkedHashMap<>();
    TreeMap<String, List<ToolEntry>> groups = new TreeMap<>();
    Set<BooleanSupplier> held = Collections.newSetFromMap(new IdentityHashMap<>());
    for (ToolEntry entry : sorted.values()) {
      toolsets.put(entry.name(), entry.toolset());
      entry.check().ifPresent(held::add);
      groups.computeIfAbsent(entry.toolset(), t -> new ArrayList<>()).add(entry);
    }
    groups.replaceAll((toolset, entries) -> List.copyOf(entries));
    this.toolsetByName = Collections.unmodifiableMap(toolsets);
    this.byToolset = Collections.unmodifiableSortedMap(groups);
    this.checks = Collections.unmodifiableSet(held);
    this.origins = Map.copyOf(origins);
    this.definitions = Collections.unmodifiableSortedMap(new TreeMap<>(definitions));
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
    private final Map<String, ToolOrigin> origins;
    private final TreeMap<String, ToolsetDefinition> definitions;
    private final CollisionPolicy policy;
    private boolean changed;

    private Editor(RegistryState base, CollisionPolicy policy) {
      this.tools = new TreeMap<>(base.byName);
      this.origins = new HashMap<>(base.origins);
      this.definitions = new TreeMap<>(base.definitions);
      this.policy = policy;
    }

    /**
     * Adds or replaces {@code entry} for the application, as issue 2 defined it: only the toolset
     * decides (same toolset replaces silently; another one follows the collision policy).
     */
    boolean register(ToolEntry entry) {
      return registerByToolset(entry, ToolOrigin.APPLICATION);
    }

    private boolean registerByToolset(ToolEntry entry, ToolOrigin origin) {
      ToolEntry existing = tools.get(entry.name());
      if (existing != null && !existing.toolset().equals(entry.toolset())) { // cross-toolset
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
      put(entry, origin);
      return true;
    }

    /**
     * Adds {@code entry} for {@code origin}. A name held by the same origin behaves as
     * {@link #register(ToolEntry)}; a name held by another origin is refused, or replaced when
     * {@code allowOverride}, and either way logged and added to {@code collisions}.
     */
    boolean register(ToolEntry entry, ToolOrigin origin, boolean allowOverride, List<Collision> collisions) {
      ToolEntry existing = tools.get(entry.name());
      ToolOrigin holder = origins.get(entry.name());
      if (existing == null || holder == null || holder.equals(origin)) {
        return registerByToolset(entry, origin);
      }
      Collision collision = new Collision(entry.name(), holder, origin, allowOverride);
      collisions.add(collision);
      if (!allowOverride) {
        LOG.log(Level.WARNING, () -> "Tool registration refused: " + collision.describe()
            + "; allow the override in the configuration if it is meant to win");
        return false;
      }
      LOG.log(Level.WARNING, () -> "Tool override: " + collision.describe());
      put(entry, origin);
      return true;
    }

    private void put(ToolEntry entry, ToolOrigin origin) {
      tools.put(entry.name(), entry);
      origins.put(entry.name(), origin);
      changed = true;
    }

    /** Removes the tool named {@code name}; false when there is none. */
    boolean deregister(String name) {
      ToolEntry removed = tools.remove(name);
      if (removed == null) {
        return false;
      }
      origins.remove(name);
      changed = true;
      LOG.log(Level.DEBUG, () -> "Deregistered tool '" + name + "'");
      return true;
    }

    /** Adds or replaces the definition of a toolset. */
    void define(ToolsetDefinition definition) {
      ToolsetDefinition previous = definitions.put(definition.name(), definition);
      if (previous != null && !previous.equals(definition)) {
        LOG.log(Level.DEBUG, () -> "Toolset '" + definition.name() + "' redefined");
      }
      changed = true;
    }

    /** Whether any write took effect. */
    boolean changed() {
      return changed;
    }

    /** The next immutable state. */
    RegistryState freeze() {
      return new RegistryState(tools, origins, definitions);
    }
  }
}
