package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.internal.RegistryAccess;
import dev.toolsmith.runtime.spi.ToolIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The tools an agent can call: gathers {@link ToolEntry entries}, hands the model their definitions
 * and dispatches the model's calls.
 *
 * <p>Thread-safe. Writes ({@link #register}, {@link #registerAll}, {@link #deregister}) are
 * serialized and each publishes a new immutable snapshot; every read works on one snapshot, so it
 * sees tools, toolsets and checks that belong together, and {@link #dispatch} never takes a lock.
 *
 * <p>Each tool may have its own availability check; a listing offers exactly the tools whose check
 * passes (or that have none), and a toolset is available when any of its tools is. Listings and
 * reports run each distinct check at most once per call (one check shared by many tools runs once);
 * a check that throws or hangs counts as failed, and results are cached per check across calls as
 * the {@link CheckPolicy} says.
 *
 * <p>Each tool remembers its {@link ToolOrigin}; a tool of one origin never silently replaces one of
 * another (see {@link #registerAll(ToolOrigin, Iterable, boolean)}).
 *
 * <p>Queries never throw: an unknown (or null) name gives an empty value or the default.
 *
 * <p>(Longer than most classes here because it is the one an application calls and each public
 * method states its contract; the work itself is in {@code RegistryState}, {@code Dispatch},
 * {@code DefinitionListing}, {@code AvailabilityReport} and {@code CheckRunner}.)
 */
public final class ToolRegistry {

  static {
    RegistryAccess.install(ToolRegistry::registerTrusted);
  }

  private final CollisionPolicy collisionPolicy;
  private final CheckPolicy checkPolicy;
  private final CheckRunner checks;
  private final ResultBudget resultBudget;
  private final Object writeLock = new Object();
  private volatile RegistryState state = RegistryState.EMPTY;

  private ToolRegistry(Builder builder) {
    this.collisionPolicy = builder.collisionPolicy;
    this.checkPolicy = builder.checkPolicy;
    this.checks = new CheckRunner(builder.checkPolicy);
    this.resultBudget = builder.resultBudget;
  }

  /** An empty registry that keeps an existing tool when another toolset registers its name. */
  public static ToolRegistry create() {
    return builder().build();
  }

  /** A builder for a registry with a non-default configuration. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A registry holding the tools of every {@link ToolIndex} on the context class path, with no
   * bindings: {@link Discovery} with the default configuration. An index that fails to load is
   * logged and skipped; the others still load.
   */
  public static ToolRegistry discover() {
    return discover(Bindings.none());
  }

  /**
   * Like {@link #discover()}, with instances for tool classes and checks from {@code bindings}. For
   * another class loader, a configuration or a report, use {@link Discovery} itself.
   */
  public static ToolRegistry discover(Bindings bindings) {
    requireNonNull(bindings, "bindings == null");
    ToolRegistry registry = create();
    Discovery.builder().bindings(bindings).build().into(registry);
    return registry;
  }

  // ---- Registration ----

  /**
   * Adds {@code entry}. A tool of the same name in the same toolset is replaced silently; one in
   * another toolset is logged and kept or replaced as the {@link CollisionPolicy} says.
   *
   * @return false when the collision policy refused the entry
   * @throws IllegalArgumentException when the entry's schema is not one JSON object: caught here, it
   *     names its tool; spliced into a listing, it would break every request to the model
   */
  public boolean register(ToolEntry entry) {
    checkSchema(requireNonNull(entry, "entry == null"));
    return write(editor -> editor.register(entry));
  }

  /**
   * Registers each entry as {@link #register} does, publishing them together: a reader sees all of
   * them or none. A null element or a malformed schema is rejected before anything is registered.
   */
  public void registerAll(Iterable<ToolEntry> entries) {
    requireNonNull(entries, "entries == null");
    List<ToolEntry> copy = new ArrayList<>();
    for (ToolEntry entry : entries) {
      copy.add(checkSchema(requireNonNull(entry, "entries contains null")));
    }
    write(editor -> {
      for (ToolEntry entry : copy) {
        editor.register(entry);
      }
      return null;
    });
  }

  /**
   * Registers {@code entries} for {@code origin}, publishing them together. A name held by the same
   * origin behaves as in {@link #register}; a name held by another origin is refused, or replaced
   * when {@code allowOverride} is true, and either way logged and returned: no tool is ever shadowed
   * silently across origins. A null element or a malformed schema is rejected before anything is
   * registered.
   *
   * @return the collisions with other origins, in registration order; empty when there were none
   */
  public List<Collision> registerAll(ToolOrigin origin, Iterable<ToolEntry> entries, boolean allowOverride) {
    requireNonNull(origin, "origin == null");
    requireNonNull(entries, "entries == null");
    List<ToolEntry> copy = new ArrayList<>();
    for (ToolEntry entry : entries) {
      copy.add(checkSchema(requireNonNull(entry, "entries contains null")));
    }
    List<Collision> collisions = new ArrayList<>();
    write(editor -> {
      for (ToolEntry entry : copy) {
        editor.register(entry, origin, allowOverride, collisions);
      }
      return null;
    });
    return List.copyOf(collisions);
  }

  /**
   * Registers the tools and toolsets of one generated {@link ToolIndex} for {@code origin} in one
   * write, as {@link #registerAll(ToolOrigin, Iterable, boolean)} without the schema check: the
   * processor wrote and checked those schemas at compile time, and re-parsing them here is most of
   * what registration would cost. Only discovery's built-in phase calls this.
   *
   * @return the collisions with other origins, in registration order
   */
  private static List<Collision> registerTrusted(ToolRegistry registry,
      ToolOrigin origin, List<ToolEntry> entries, List<ToolsetDefinition> toolsets) {
    List<Collision> collisions = new ArrayList<>();
    registry.write(editor -> {
      for (ToolEntry entry : entries) {
        editor.register(entry, origin, false, collisions);
      }
      for (ToolsetDefinition toolset : toolsets) {
        editor.define(toolset);
      }
      return null;
    });
    return List.copyOf(collisions);
  }

  /**
   * Adds a toolset definition, replacing one of the same name: its description, extra tools and
   * included toolsets, used by {@link #resolveToolsets}.
   */
  public void defineToolset(ToolsetDefinition definition) {
    requireNonNull(definition, "definition == null");
    write(editor -> {
      editor.define(definition);
      return null;
    });
  }

  /**
   * Removes the tool named {@code name}; its check is forgotten when no other tool holds it.
   *
   * @return false when there was no such tool
   */
  public boolean deregister(String name) {
    requireNonNull(name, "name == null");
    return write(editor -> editor.deregister(name));
  }

  // ---- Definitions ----

  /** {@link #definitions(Collection, DefinitionFormat)} in the {@link DefinitionFormat#OPENAI} shape. */
  public String definitions(Collection<String> names) {
    return definitions(names, DefinitionFormat.OPENAI);
  }

  /**
   * The definitions the model receives, as one JSON array text: the named tools that are available
   * (no check, or their own check passes), sorted by name. Unknown names are skipped; each distinct
   * check runs at most once; a check that throws counts as failed. Each schema is spliced in as
   * registered, unparsed.
   */
  public String definitions(Collection<String> names, DefinitionFormat format) {
    requireNonNull(names, "names == null");
    requireNonNull(format, "format == null");
    RegistryState snapshot = state;
    return DefinitionListing.write(snapshot, new ListingChecks(checks), names, format);
  }

  // ---- Dispatch ----

  /** {@link #dispatch(String, String, ToolContext)} with an empty context. */
  public String dispatch(String name, String argumentsJson) {
    return dispatch(name, argumentsJson, ToolContext.empty());
  }

  /**
   * Calls the tool {@code name} with the model's arguments and returns the result text; never
   * throws. An unknown tool gives {@code {"error":"Unknown tool: NAME"}}; arguments the tool's reader
   * rejects give {@code {"error":"Invalid arguments for tool NAME","problems":[...]}}; any other
   * failure gives {@code {"error":"Tool execution failed: TYPE: MESSAGE"}}, TYPE the simple class
   * name of the exception (unwrapped from {@code CompletionException}/{@code ExecutionException}).
   * An async handler's result is waited for; if this thread is interrupted meanwhile, the result is
   * an error and the thread keeps its interrupt flag.
   *
   * <p>A result longer than the tool's limit is spilled to a file and replaced by a short JSON
   * object with its size, the file's path and a preview; error messages are cut. See
   * {@link ResultBudget}.
   *
   * <p>As in the reference design, dispatch does not run the toolset's availability check: checks
   * decide which tools the model is shown, and a call is trusted to name a tool it was shown.
   *
   * @param argumentsJson the arguments object as JSON text; null is read as {@code {}}
   * @param context the call's context; null is read as {@link ToolContext#empty()}
   */
  public String dispatch(String name, String argumentsJson, ToolContext context) {
    ToolEntry entry = name == null ? null : state.byName.get(name);
    if (entry == null) {
      return ToolResults.error("Unknown tool: " + name);
    }
    return Dispatch.call(
        entry,
        argumentsJson == null ? "{}" : argumentsJson,
        context == null ? ToolContext.empty() : context,
        resultBudget);
  }

  // ---- Queries (the reference design's helpers) ----

  /** The entry of the tool {@code name}. */
  public Optional<ToolEntry> entry(String name) {
    return Optional.ofNullable(lookup(state, name));
  }

  /** The tool's maximum result size in characters: its own, else the registry's {@link ResultBudget} default. */
  public int maxResultChars(String name) {
    ToolEntry entry = lookup(state, name);
    int fallback = resultBudget.defaultMaxResultChars();
    return entry == null ? fallback : entry.maxResultChars().orElse(fallback);
  }

  /** Every tool's name, sorted. */
  public List<String> toolNames() {
    return state.names;
  }

  /** The tool names of {@code toolset}, sorted; empty for an unknown toolset. */
  public List<String> toolNames(String toolset) {
    return toolset == null ? List.of() : state.toolNames(toolset);
  }

  /** Every toolset that has a tool, sorted. */
  public List<String> toolsets() {
    return List.copyOf(state.byToolset.keySet());
  }

  /** The origin that registered the tool {@code name}. */
  public Optional<ToolOrigin> originOf(String name) {
    return Optional.ofNullable(name == null ? null : state.origins.get(name));
  }

  /** The names of the tools {@code origin} registered, sorted. */
  public List<String> toolNamesFrom(ToolOrigin origin) {
    RegistryState snapshot = state;
    List<String> names = new ArrayList<>();
    for (String name : snapshot.names) {
      if (Objects.equals(snapshot.origins.get(name), origin)) {
        names.add(name);
      }
    }
    return List.copyOf(names);
  }

  /** The toolset definitions, sorted by name. */
  public List<ToolsetDefinition> toolsetDefinitions() {
    return List.copyOf(state.definitions.values());
  }

  /** The definition of {@code toolset}, if one was given in code or in the configuration. */
  public Optional<ToolsetDefinition> toolsetDefinition(String toolset) {
    return Optional.ofNullable(toolset == null ? null : state.definitions.get(toolset));
  }

  /**
   * The registered tools the toolsets {@code enabled} select, minus those {@code disabled} selects,
   * sorted. A toolset holds the tools registered in it, the tools its definition lists and, transitively,
   * the tools of the toolsets it includes (cycles end, diamonds count once); {@code all} and
   * {@code *} select every tool; an unknown name selects nothing.
   */
  public List<String> resolveToolsets(Collection<String> enabled, Collection<String> disabled) {
    requireNonNull(enabled, "enabled == null");
    requireNonNull(disabled, "disabled == null");
    return new ToolsetResolver(state).resolve(enabled, disabled);
  }

  /** Forgets every cached check result, so the next listing runs every check again. */
  public void invalidateChecks() {
    checks.invalidate();
  }

  /** How this registry caches and bounds its availability checks. */
  public CheckPolicy checkPolicy() {
    return checkPolicy;
  }

  /** How this registry bounds results. */
  public ResultBudget resultBudget() {
    return resultBudget;
  }

  /**
   * Every toolset's and every tool's availability, each with its reason and required environment
   * variables; each check runs at most once (and as the {@link CheckPolicy} caches it).
   */
  public AvailabilityReport availability() {
    RegistryState snapshot = state;
    return AvailabilityReport.of(snapshot, new ListingChecks(checks));
  }

  /**
   * Applies {@code change} to an editable copy of the state under the write lock and publishes the
   * result when anything changed: every write goes through here, so readers only ever see whole writes.
   */
  private <T> T write(Function<RegistryState.Editor, T> change) {
    synchronized (writeLock) {
      RegistryState.Editor editor = state.edit(collisionPolicy);
      T result = change.apply(editor);
      if (editor.changed()) {
        state = editor.freeze();
        checks.retain(state.checks);
      }
      return result;
    }
  }

  private static ToolEntry checkSchema(ToolEntry entry) {
    String problem = JsonCore.objectProblem(entry.schema());
    if (problem != null) {
      throw new IllegalArgumentException(
          "Tool '" + entry.name() + "': schema must be one JSON object; " + problem);
    }
    return entry;
  }

  private static @Nullable ToolEntry lookup(RegistryState snapshot, String name) {
    return name == null ? null : snapshot.byName.get(name);
  }

  @Override
  public String toString() {
    return "ToolRegistry{" + state.names.size() + " tools, " + collisionPolicy + "}";
  }

  /** Configures a {@link ToolRegistry}. */
  public static final class Builder {
    private CollisionPolicy collisionPolicy = CollisionPolicy.KEEP_EXISTING;
    private CheckPolicy checkPolicy = CheckPolicy.defaults();
    private ResultBudget resultBudget = ResultBudget.defaults();

    private Builder() {}

    /** What happens when another toolset registers a taken name; default {@link CollisionPolicy#KEEP_EXISTING}. */
    public Builder collisionPolicy(CollisionPolicy collisionPolicy) {
      this.collisionPolicy = requireNonNull(collisionPolicy, "collisionPolicy == null");
      return this;
    }

    /** How availability checks are cached, forgiven and bounded; default {@link CheckPolicy#defaults()}. */
    public Builder checkPolicy(CheckPolicy checkPolicy) {
      this.checkPolicy = requireNonNull(checkPolicy, "checkPolicy == null");
      return this;
    }

    /** How large a dispatched result may be; default {@link ResultBudget#defaults()}. */
    public Builder resultBudget(ResultBudget resultBudget) {
      this.resultBudget = requireNonNull(resultBudget, "resultBudget == null");
      return this;
    }

    /** An empty registry with this configuration. */
    public ToolRegistry build() {
      return new ToolRegistry(this);
    }
  }
}
