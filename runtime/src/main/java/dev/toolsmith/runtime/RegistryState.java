package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.tool.ToolOrigin;
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
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * One immutable version of the registry's contents; {@link ToolRegistry} swaps a new one in on
 * every write, so a reader that holds one sees tools, toolsets, checks and origins that belong
 * together.
 */
final class RegistryState {

  static final RegistryState EMPTY =
      new RegistryState(new TreeMap<>(), new HashMap<>(), new TreeMap<>(), new HashMap<>(), 0);

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

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

  /**
   * Each toolset's own check: the first check registered for it, kept until its last tool goes.
   * While one of its tools holds it, it gives the toolset's reason in an {@link
   * AvailabilityReport}; it never runs on its own.
   */
  final Map<String, BooleanSupplier> toolsetChecks;

  /** How many writes took effect before this state; see {@link ToolRegistry#generation()}. */
  final long generation;

  private RegistryState(
      SortedMap<String, ToolEntry> sorted,
      Map<String, ToolOrigin> origins,
      SortedMap<String, ToolsetDefinition> definitions,
      Map<String, BooleanSupplier> toolsetChecks,
      long generation) {
    this.byName = Map.copyOf(sorted);
    this.names = List.copyOf(sorted.keySet());
    Map<String, String> toolsets = new LinkedHashMap<>();
    TreeMap<String, List<ToolEntry>> groups = new TreeMap<>();
    Set<BooleanSupplier> held = Collections.newSetFromMap(new IdentityHashMap<>());
    // Plain code, no lambdas: this runs at every start-up, where each lambda spins a class.
    for (ToolEntry entry : sorted.values()) {
      toolsets.put(entry.name(), entry.toolset());
      BooleanSupplier check = entry.check().orElse(null);
      if (check != null) {
        held.add(check);
      }
      List<ToolEntry> group = groups.get(entry.toolset());
      if (group == null) {
        group = new ArrayList<>();
        groups.put(entry.toolset(), group);
      }
      group.add(entry);
    }
    for (Map.Entry<String, List<ToolEntry>> group : groups.entrySet()) {
      group.setValue(List.copyOf(group.getValue()));
    }
    this.toolsetByName = Collections.unmodifiableMap(toolsets);
    this.byToolset = Collections.unmodifiableSortedMap(groups);
    this.checks = Collections.unmodifiableSet(held);
    this.origins = Map.copyOf(origins);
    this.definitions = Collections.unmodifiableSortedMap(new TreeMap<>(definitions));
    this.toolsetChecks = Map.copyOf(toolsetChecks);
    this.generation = generation;
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

  /**
   * The environment variables the tools of {@code toolset} need, first seen first, no duplicates.
   */
  List<String> requiredEnv(String toolset) {
    Set<String> env = new LinkedHashSet<>();
    for (ToolEntry entry : byToolset.getOrDefault(toolset, List.of())) {
      env.addAll(entry.requiresEnv());
    }
    return List.copyOf(env);
  }

  /** This state with its generation one higher: what invalidating the checks publishes. */
  RegistryState nextGeneration() {
    return new RegistryState(this, generation + 1);
  }

  private RegistryState(RegistryState same, long generation) {
    this.byName = same.byName;
    this.names = same.names;
    this.toolsetByName = same.toolsetByName;
    this.byToolset = same.byToolset;
    this.checks = same.checks;
    this.origins = same.origins;
    this.definitions = same.definitions;
    this.toolsetChecks = same.toolsetChecks;
    this.generation = generation;
  }

  /** A mutable copy to apply writes to, then {@link Editor#freeze()} into the next state. */
  Editor edit(CollisionPolicy policy) {
    return new Editor(this, policy);
  }

  /**
   * Applies registrations and removals to a copy of one state; used under the registry's write
   * lock.
   */
  static final class Editor {
    private final TreeMap<String, ToolEntry> tools;
    private final Map<String, ToolOrigin> origins;
    private final TreeMap<String, ToolsetDefinition> definitions;
    private final Map<String, BooleanSupplier> toolsetChecks;
    private final CollisionPolicy policy;
    private final long generation;
    private final Set<String> registered = new TreeSet<>();
    private final Set<String> deregistered = new TreeSet<>();
    private final Set<String> toolsets = new TreeSet<>();

    private Editor(RegistryState base, CollisionPolicy policy) {
      this.tools = new TreeMap<>(base.byName);
      this.origins = new HashMap<>(base.origins);
      this.definitions = new TreeMap<>(base.definitions);
      this.toolsetChecks = new HashMap<>(base.toolsetChecks);
      this.policy = policy;
      this.generation = base.generation;
    }

    /**
     * Adds {@code entry} for {@code origin}. The same name in the same toolset is replaced
     * silently. The name held by another toolset, or by another origin when {@code checkOrigin}, is
     * a collision: added to {@code collisions} and logged, and the entry wins only when {@code
     * override} (or, within one origin, under {@link CollisionPolicy#REPLACE}).
     *
     * @param checkOrigin false for the application's own registrations, which may replace a tool of
     *     any origin in the same toolset
     */
    void register(
        ToolEntry entry,
        ToolOrigin origin,
        boolean checkOrigin,
        boolean override,
        List<Collision> collisions) {
      String name = entry.name();
      ToolEntry existing = tools.get(name);
      if (existing == null) {
        put(entry, origin);
        return;
      }
      ToolOrigin holder = requireNonNull(origins.get(name)); // every tool has its origin
      boolean otherOrigin = checkOrigin && !holder.equals(origin);
      if (!otherOrigin && existing.toolset().equals(entry.toolset())) {
        LOG.log(Level.DEBUG, () -> "Tool '" + name + "' re-registered in its toolset");
        put(entry, origin);
        return;
      }
      boolean byPolicy = !otherOrigin && policy == CollisionPolicy.REPLACE;
      Collision collision =
          new Collision(
              name, holder, existing.toolset(), origin, entry.toolset(), override || byPolicy);
      collisions.add(collision);
      if (!collision.replaced()) {
        LOG.log(
            Level.WARNING,
            () ->
                "Tool registration refused: "
                    + collision.describe()
                    + "; "
                    + (otherOrigin
                        ? "allow the override in the configuration if it is meant to win"
                        : "deregister it first, register it with override,"
                            + " or use CollisionPolicy.REPLACE"));
        return;
      }
      if (override && !otherOrigin) {
        LOG.log(Level.INFO, () -> "Tool override: " + collision.describe());
      } else {
        LOG.log(
            Level.WARNING,
            () ->
                "Tool override: "
                    + collision.describe()
                    + (override ? "" : " (CollisionPolicy.REPLACE)"));
      }
      put(entry, origin);
      String emptied = existing.toolset();
      if (!emptied.equals(entry.toolset()) && isEmpty(emptied)) {
        forgetToolset(emptied);
      }
    }

    private void put(ToolEntry entry, ToolOrigin origin) {
      tools.put(entry.name(), entry);
      origins.put(entry.name(), origin);
      BooleanSupplier check = entry.check().orElse(null);
      if (check != null) {
        toolsetChecks.putIfAbsent(entry.toolset(), check);
      }
      registered.add(entry.name());
      deregistered.remove(entry.name());
    }

    /** Removes the tool named {@code name}; false when there is none. */
    boolean deregister(String name) {
      ToolEntry removed = tools.remove(name);
      if (removed == null) {
        return false;
      }
      origins.remove(name);
      registered.remove(name);
      deregistered.add(name);
      LOG.log(Level.DEBUG, () -> "Deregistered tool '" + name + "'");
      if (isEmpty(removed.toolset())) {
        forgetToolset(removed.toolset());
      }
      return true;
    }

    private boolean isEmpty(String toolset) {
      for (ToolEntry entry : tools.values()) {
        if (entry.toolset().equals(toolset)) {
          return false;
        }
      }
      return true;
    }

    /** A toolset lost its last tool: its check goes, and every alias only pointing at it. */
    private void forgetToolset(String toolset) {
      toolsetChecks.remove(toolset);
      for (ToolsetDefinition definition : List.copyOf(definitions.values())) {
        if (definition.onlyPointsAt(toolset)) {
          definitions.remove(definition.name());
          toolsets.add(definition.name());
          LOG.log(
              Level.INFO,
              () ->
                  "Toolset '"
                      + definition.name()
                      + "' dropped: it only pointed"
                      + " at toolset '"
                      + toolset
                      + "', which lost its last tool");
        }
      }
    }

    /**
     * Adds or replaces the definition of a toolset; one that pointed elsewhere is logged as a
     * warning naming both.
     *
     * @return the definition it replaced
     */
    Optional<ToolsetDefinition> define(ToolsetDefinition definition) {
      ToolsetDefinition previous = definitions.put(definition.name(), definition);
      if (definition.equals(previous)) {
        return Optional.of(previous);
      }
      if (previous != null && !previous.targets().equals(definition.targets())) {
        LOG.log(
            Level.WARNING,
            () ->
                "Toolset '"
                    + definition.name()
                    + "' redefined: it pointed at "
                    + previous.targets()
                    + ", now at "
                    + definition.targets());
      }
      toolsets.add(definition.name());
      return Optional.ofNullable(previous);
    }

    /** Whether any write took effect. */
    boolean changed() {
      return !registered.isEmpty() || !deregistered.isEmpty() || !toolsets.isEmpty();
    }

    /** What changed, for listeners of the state {@link #freeze()} gives. */
    RegistryChange change() {
      return new RegistryChange(
          generation + 1,
          List.copyOf(registered),
          List.copyOf(deregistered),
          List.copyOf(toolsets),
          false);
    }

    /** The next immutable state. */
    RegistryState freeze() {
      return new RegistryState(tools, origins, definitions, toolsetChecks, generation + 1);
    }
  }
}
