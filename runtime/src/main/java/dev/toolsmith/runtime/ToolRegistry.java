package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.observation.ToolListing;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ErrorSanitizer;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.ToolRankers;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolOrigin;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
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
 * <p>Each tool remembers its {@link ToolOrigin}; a tool of one origin never silently replaces one
 * of another (see {@link #registerAll(ToolOrigin, Iterable, boolean)}), nor one of another toolset:
 * registering returns every {@link Collision}, refused or overridden.
 *
 * <p>Every write that takes effect increases the {@link #generation()} and is told to the {@link
 * #addListener listeners}; a refused registration changes nothing.
 *
 * <p>{@link #addObserver Observers} are told of every call and listing, for logs, traces and
 * metrics; a registry without them pays nothing for them.
 *
 * <p>Queries never throw: an unknown (or null) name gives an empty value or the default.
 */
public final class ToolRegistry {

  private final CollisionPolicy collisionPolicy;
  private final CheckPolicy checkPolicy;
  private final CheckRunner checks;
  private final ResultBudget resultBudget;
  private final ErrorSanitizer errorSanitizer;
  private final @Nullable Guards guards;
  private final ChangeListeners listeners = new ChangeListeners();
  private final CallObservers observers = new CallObservers();
  private volatile @Nullable CallPipeline pipeline; // made on the first call: see pipeline()
  private volatile @Nullable ObservedCaller observedPipeline; // on the first observed call
  private final Object writeLock = new Object();
  private volatile RegistryState state = RegistryState.EMPTY;
  private final RegistrySearch search;

  private ToolRegistry(Builder builder) {
    this.collisionPolicy = builder.collisionPolicy;
    this.checkPolicy = builder.checkPolicy;
    this.checks = new CheckRunner(builder.checkPolicy);
    this.resultBudget = builder.resultBudget;
    this.errorSanitizer = builder.errorSanitizer;
    this.guards = builder.guards;
    this.search = new RegistrySearch(builder.ranker);
  }

  /** An empty registry that keeps an existing tool when another toolset registers its name. */
  public static ToolRegistry create() {
    return builder().build();
  }

  /** A builder for a registry with a non-default configuration. */
  public static Builder builder() {
    return new Builder();
  }

  // ---- Registration ----

  /**
   * Adds {@code entry} for the application, without an explicit override: {@link
   * #register(ToolEntry, boolean) register(entry, false)}.
   */
  public Optional<Collision> register(ToolEntry entry) {
    return register(entry, false);
  }

  /**
   * Adds {@code entry} for the application. A tool of the same name in the same toolset is replaced
   * silently, whatever its origin. A tool of another toolset is a collision: it is replaced when
   * {@code override} is true (logged at INFO) or the {@link CollisionPolicy} is {@link
   * CollisionPolicy#REPLACE REPLACE}, else kept and the entry refused (logged as a warning).
   *
   * @return the collision with another toolset's tool, refused or replaced; empty when there was
   *     none
   * @throws IllegalArgumentException when the entry's schema is not one JSON object: caught here,
   *     it names its tool; spliced into a listing, it would break every request to the model
   */
  public Optional<Collision> register(ToolEntry entry, boolean override) {
    checkSchema(requireNonNull(entry, "entry == null"));
    List<Collision> collisions = new ArrayList<>(1);
    synchronized (writeLock) {
      RegistryState.Editor editor = state.edit(collisionPolicy);
      editor.register(entry, ToolOrigin.APPLICATION, false, override, collisions);
      publish(editor);
    }
    listeners.deliver();
    return collisions.isEmpty() ? Optional.empty() : Optional.of(collisions.get(0));
  }

  /**
   * Registers each entry as {@link #register(ToolEntry)} does, publishing them together: a reader
   * sees all of them or none. A null element or a malformed schema is rejected before anything is
   * registered.
   *
   * @return the collisions with other toolsets' tools, in registration order
   */
  public List<Collision> registerAll(Iterable<ToolEntry> entries) {
    requireNonNull(entries, "entries == null");
    List<ToolEntry> copy = new ArrayList<>();
    for (ToolEntry entry : entries) {
      copy.add(checkSchema(requireNonNull(entry, "entries contains null")));
    }
    List<Collision> collisions = new ArrayList<>();
    synchronized (writeLock) {
      RegistryState.Editor editor = state.edit(collisionPolicy);
      for (ToolEntry entry : copy) {
        editor.register(entry, ToolOrigin.APPLICATION, false, false, collisions);
      }
      publish(editor);
    }
    listeners.deliver();
    return List.copyOf(collisions);
  }

  /**
   * Registers {@code entries} for {@code origin}, publishing them together. A name held by the same
   * origin in the same toolset is replaced silently; a name held by another origin, or by another
   * toolset, is refused, or replaced when {@code allowOverride} is true (within one origin, also
   * under {@link CollisionPolicy#REPLACE}), and either way logged and returned: no tool is ever
   * shadowed silently. A null element or a malformed schema is rejected before anything is
   * registered; schemas {@linkplain ToolEntryBuilder#schemaChecked() checked where they were
   * written} (the processor's) are not parsed again.
   *
   * @return the collisions with other origins and toolsets, in registration order; empty when there
   *     were none
   */
  public List<Collision> registerAll(
      ToolOrigin origin, Iterable<ToolEntry> entries, boolean allowOverride) {
    requireNonNull(origin, "origin == null");
    requireNonNull(entries, "entries == null");
    List<ToolEntry> copy = new ArrayList<>();
    for (ToolEntry entry : entries) {
      copy.add(checkSchema(requireNonNull(entry, "entries contains null")));
    }
    List<Collision> collisions = new ArrayList<>();
    synchronized (writeLock) {
      RegistryState.Editor editor = state.edit(collisionPolicy);
      for (ToolEntry entry : copy) {
        editor.register(entry, origin, true, allowOverride, collisions);
      }
      publish(editor);
    }
    listeners.deliver();
    return List.copyOf(collisions);
  }

  /**
   * Adds a toolset definition (its description, extra tools and included toolsets, used by {@link
   * #resolveToolsets}), replacing one of the same name; replacing one that pointed elsewhere is
   * logged as a warning naming both.
   *
   * @return the definition it replaced; empty when the name was free
   */
  public Optional<ToolsetDefinition> defineToolset(ToolsetDefinition definition) {
    requireNonNull(definition, "definition == null");
    Optional<ToolsetDefinition> replaced;
    synchronized (writeLock) {
      RegistryState.Editor editor = state.edit(collisionPolicy);
      replaced = editor.define(definition);
      publish(editor);
    }
    listeners.deliver();
    return replaced;
  }

  /**
   * Removes the tool named {@code name}; its check is forgotten when no other tool holds it. When
   * it was the last tool of its toolset, the toolset's check goes too, and so does every toolset
   * definition that only pointed at that toolset (an alias).
   *
   * @return false when there was no such tool
   */
  public boolean deregister(String name) {
    requireNonNull(name, "name == null");
    boolean removed;
    synchronized (writeLock) {
      RegistryState.Editor editor = state.edit(collisionPolicy);
      removed = editor.deregister(name);
      publish(editor);
    }
    listeners.deliver();
    return removed;
  }

  // ---- Definitions ----

  /**
   * {@link #definitions(Collection, DefinitionFormat)} in the {@link DefinitionFormat#OPENAI}
   * shape.
   */
  public String definitions(Collection<String> names) {
    return definitions(names, DefinitionFormat.OPENAI);
  }

  /**
   * The definitions the model receives, as one JSON array text: the named tools that are available
   * (no check, or their own check passes), sorted by name. Unknown names are skipped; each distinct
   * check runs at most once; a check that throws counts as failed. Each schema is spliced in as
   * registered, unparsed, unless the tool has schema overrides: they are asked now and merged (see
   * {@link ToolEntryBuilder#schemaOverrides}).
   */
  public String definitions(Collection<String> names, DefinitionFormat format) {
    requireNonNull(names, "names == null");
    requireNonNull(format, "format == null");
    long start = observers.any() ? System.nanoTime() : 0;
    List<DefinitionListing.Listed> listed = listed(names, format);
    String definitions = DefinitionListing.array(listed);
    if (observers.any()) {
      observers.listedDefinitions(format, names.size(), listed.size(), start);
    }
    return definitions;
  }

  /** The available tools among {@code names} in {@code format}: what a listing of them holds. */
  private List<DefinitionListing.Listed> listed(Collection<String> names, DefinitionFormat format) {
    List<ToolEntry> available =
        DefinitionListing.available(state, new ListingChecks(checks), names);
    return DefinitionListing.listed(available, format);
  }

  /**
   * What {@link #definitions(Collection, DefinitionFormat)} of {@code names} in {@code format}
   * would cost: how many tools it lists, its length, and its tokens, counted at run time on first
   * need and kept per definition (see {@link ToolEntry#definitionTokens}). Runs the same checks as
   * the listing (each distinct check at most once); never throws for unknown names.
   */
  public ListingCost listingCost(Collection<String> names, DefinitionFormat format) {
    requireNonNull(names, "names == null");
    requireNonNull(format, "format == null");
    return DefinitionListing.cost(listed(names, format), format);
  }

  // ---- Search ----

  /** {@link #search(String, int, Collection)} over every toolset. */
  public List<SearchHit> search(String query, int limit) {
    return search(query, limit, List.of("all"));
  }

  /**
   * The tools that best match {@code query}, best first, at most {@code limit}, among those the
   * caller may offer: selected by {@code toolsets} (as {@link #resolveToolsets} selects them) and
   * available (no check, or their own check passes; each distinct check runs at most once). Equal
   * scores are ordered by name. Never throws for any query text; the index follows registrations
   * and removals (rebuilt on the first search after a change).
   */
  public List<SearchHit> search(String query, int limit, Collection<String> toolsets) {
    requireNonNull(toolsets, "toolsets == null");
    if (query == null || limit <= 0) {
      return List.of();
    }
    RegistryState snapshot = state;
    Set<String> selected =
        new HashSet<>(new ToolsetResolver(snapshot).resolve(toolsets, List.of()));
    ListingChecks listingChecks = new ListingChecks(checks);
    return search
        .ranker(snapshot)
        .search(
            query,
            limit,
            name -> {
              ToolEntry entry = selected.contains(name) ? snapshot.byName.get(name) : null;
              return entry != null && listingChecks.of(entry).available();
            });
  }

  // ---- Dispatch ----

  /** {@link #dispatch(String, String, ToolContext)} with an empty context. */
  public String dispatch(String name, String argumentsJson) {
    return dispatch(name, argumentsJson, ToolContext.empty());
  }

  /**
   * Calls the tool {@code name} with the model's arguments and returns the result text: {@link
   * #call(String, String, ToolContext) call(...)}{@code .text()}; never throws. An unknown tool
   * gives {@code {"error":"Unknown tool: NAME"}}; arguments the tool's reader rejects give {@code
   * {"error":"Invalid arguments for tool NAME","problems":[...]}}; any other failure gives {@code
   * {"error":"Tool execution failed: TYPE: MESSAGE"}}, TYPE the simple class name of the exception
   * (unwrapped from {@code CompletionException}/{@code ExecutionException}). An async handler's
   * result is waited for; if this thread is interrupted meanwhile, the result is an error and the
   * thread keeps its interrupt flag.
   *
   * <p>The message of every error object returned (the registry's own, and those handlers return,
   * MCP servers' included) is cleaned by the {@link ErrorSanitizer}, then cut to {@link
   * ResultBudget#maxErrorChars()}. A result longer than the tool's limit is spilled to a file and
   * replaced by a short JSON object with its size, the file's path and a preview. See {@link
   * ResultBudget}.
   *
   * <p>A tool whose availability check fails is not offered, so it is not callable either: the
   * result is {@code {"error":"Tool NAME is unavailable: REASON"}}, from the check's cached verdict
   * (see {@link CheckPolicy}; {@link CheckPolicy.Builder#dispatchUnavailableTools()} restores the
   * reference contract, which runs it).
   *
   * <p>Every {@link ToolObserver} is told of the call: before the arguments are read, and once the
   * result is ready.
   *
   * @param argumentsJson the arguments object as JSON text; null is read as {@code {}}
   * @param context the call's context; null is read as {@link ToolContext#empty()}
   */
  public String dispatch(String name, String argumentsJson, ToolContext context) {
    if (observers.any()) {
      return call(name, argumentsJson, context).text();
    }
    // The same pipeline, handing back the text alone: no value, no clock read, when none is read.
    return pipeline()
        .call(
            state,
            name,
            argumentsJson == null ? "{}" : argumentsJson,
            context == null ? ToolContext.empty() : context,
            CallPipeline.TEXT);
  }

  /** {@link #call(String, String, ToolContext)} with an empty context. */
  public ToolCallResult call(String name, String argumentsJson) {
    return call(name, argumentsJson, ToolContext.empty());
  }

  /**
   * Calls the tool {@code name} as {@link #dispatch(String, String, ToolContext)} does, and answers
   * with how the call ended: its outcome, the text the model gets (what {@code dispatch} returns),
   * what the tool threw, whether the result was spilled, and how long the call took. Never throws;
   * read the value rather than the text to learn what happened.
   *
   * @param argumentsJson the arguments object as JSON text; null is read as {@code {}}
   * @param context the call's context; null is read as {@link ToolContext#empty()}
   */
  public ToolCallResult call(String name, String argumentsJson, ToolContext context) {
    ToolCaller caller = observers.any() ? observedPipeline() : pipeline();
    return caller.call(
        state,
        name,
        argumentsJson == null ? "{}" : argumentsJson,
        context == null ? ToolContext.empty() : context);
  }

  /**
   * The call pipeline, made on the first call rather than with the registry: a process that only
   * lists tools (a command line, a start-up) never loads the call path's classes. A race makes two
   * equal pipelines, either of which serves.
   */
  private CallPipeline pipeline() {
    CallPipeline current = pipeline;
    if (current == null) {
      current =
          new CallPipeline(
              checkPolicy,
              checks,
              new ErrorMessages(errorSanitizer, resultBudget),
              new SpilledResults(resultBudget, this::register),
              guards == null ? null : new GuardStage(guards));
      pipeline = current;
    }
    return current;
  }

  /** {@link #pipeline()} told to the observers, made on the first observed call. */
  private ToolCaller observedPipeline() {
    ObservedCaller current = observedPipeline;
    if (current == null) {
      current = new ObservedCaller(pipeline(), observers);
      observedPipeline = current;
    }
    return current;
  }

  // ---- Offered ----

  /** {@link #offered(Collection, Collection)} with nothing disabled. */
  public OfferedTools offered(Collection<String> toolsets) {
    return offered(toolsets, List.of());
  }

  /**
   * What the model is offered: the tools the toolsets {@code enabled} select, minus those {@code
   * disabled} selects (as {@link #resolveToolsets} selects them), that are available now (no check,
   * or their own check passes; each distinct check runs at most once), sorted by name. Every bridge
   * and the MCP server list their tools through it. Observers are told of it as an {@link
   * ToolListing.Kind#OFFERED} listing.
   */
  public OfferedTools offered(Collection<String> enabled, Collection<String> disabled) {
    requireNonNull(enabled, "enabled == null");
    requireNonNull(disabled, "disabled == null");
    long start = observers.any() ? System.nanoTime() : 0;
    RegistryState snapshot = state;
    List<String> selected = new ToolsetResolver(snapshot).resolve(enabled, disabled);
    ListingChecks listingChecks = new ListingChecks(checks);
    List<ToolEntry> known = new ArrayList<>(selected.size());
    for (String name : selected) {
      ToolEntry entry = snapshot.byName.get(name);
      if (entry != null) {
        known.add(entry);
      }
    }
    listingChecks.start(known);
    List<ToolEntry> entries = new ArrayList<>(known.size());
    for (ToolEntry entry : known) {
      if (listingChecks.of(entry).available()) {
        entries.add(entry);
      }
    }
    OfferedTools offered = new OfferedTools(snapshot.generation, entries);
    if (observers.any()) {
      observers.listedOffer(selected.size(), entries.size(), start);
    }
    return offered;
  }

  // ---- Queries (the reference contract's helpers) ----

  /** The entry of the tool {@code name}. */
  public Optional<ToolEntry> entry(String name) {
    return Optional.ofNullable(lookup(state, name));
  }

  /** The emoji {@link #emoji(String)} gives a tool that has none, or an unknown name. */
  public static final String DEFAULT_EMOJI = "⚡";

  /** The tool's emoji, else {@link #DEFAULT_EMOJI} (for a tool without one, or an unknown name). */
  public String emoji(String name) {
    ToolEntry entry = lookup(state, name);
    return entry == null || entry.emoji().isEmpty() ? DEFAULT_EMOJI : entry.emoji();
  }

  /**
   * The tool's maximum result size in characters: its own, else the registry's {@link ResultBudget}
   * default.
   */
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
   * sorted. A toolset holds the tools registered in it, the tools its definition lists and,
   * transitively, the tools of the toolsets it includes (cycles end, diamonds count once); {@code
   * all} and {@code *} select every tool; an unknown name selects nothing.
   */
  public List<String> resolveToolsets(Collection<String> enabled, Collection<String> disabled) {
    requireNonNull(enabled, "enabled == null");
    requireNonNull(disabled, "disabled == null");
    return new ToolsetResolver(state).resolve(enabled, disabled);
  }

  /**
   * Forgets every cached check result, so the next listing runs every check again; call it when the
   * application knows availability changed (a key appeared, a server came back). Listeners hear of
   * it as a change with {@link RegistryChange#checksInvalidated()}.
   */
  public void invalidateChecks() {
    synchronized (writeLock) {
      checks.invalidate();
      state = state.nextGeneration();
      listeners.queue(new RegistryChange(state.generation, List.of(), List.of(), List.of(), true));
    }
    listeners.deliver();
  }

  /** How this registry caches and bounds its availability checks. */
  public CheckPolicy checkPolicy() {
    return checkPolicy;
  }

  /** How this registry bounds results. */
  public ResultBudget resultBudget() {
    return resultBudget;
  }

  /** The guards this registry runs before each tool, if any were configured. */
  public Optional<Guards> guards() {
    return Optional.ofNullable(guards);
  }

  /** What this registry removes from error messages before the model sees them. */
  public ErrorSanitizer errorSanitizer() {
    return errorSanitizer;
  }

  // ---- Change events ----

  /**
   * How many changes the registry has seen: it increases on every registration, replacement,
   * removal and toolset definition that changes something, and on {@link #invalidateChecks()};
   * never on a refused registration. A caller that caches definitions can compare it to know when
   * to list again (checks that change their answer within the {@link CheckPolicy} TTL aside).
   */
  public long generation() {
    return state.generation;
  }

  /**
   * Tells {@code listener} of every change from now on, with what changed. A listener runs on the
   * thread that made the change, once the change is visible and before that write returns, in
   * generation order; a change a listener makes is told after the current one. Keep listeners
   * short: hand slow work to another thread. A listener that throws is logged, and neither the
   * write nor the other listeners are affected. A check that changes its answer by itself is not a
   * change of the registry; {@link #invalidateChecks()} is.
   */
  public void addListener(Consumer<RegistryChange> listener) {
    listeners.add(requireNonNull(listener, "listener == null"));
  }

  /**
   * Stops telling {@code listener} of changes.
   *
   * @return false when it was not listening
   */
  public boolean removeListener(Consumer<RegistryChange> listener) {
    return listener != null && listeners.remove(listener);
  }

  /**
   * Tells {@code observer} of every call dispatched and every listing made from now on (see {@link
   * ToolObserver}). Observers are told in the order they were added. A registry without observers
   * pays nothing for them on its dispatch path.
   */
  public void addObserver(ToolObserver observer) {
    observers.add(requireNonNull(observer, "observer == null"));
  }

  /**
   * Stops telling {@code observer} of calls and listings; a call under way still ends with it.
   *
   * @return false when it was not observing
   */
  public boolean removeObserver(ToolObserver observer) {
    return observer != null && observers.remove(observer);
  }

  /**
   * Every toolset's and every tool's availability, each with its reason and required environment
   * variables; each check runs at most once (and as the {@link CheckPolicy} caches it).
   */
  public AvailabilityReport availability() {
    RegistryState snapshot = state;
    if (!observers.any()) {
      return AvailabilityReport.of(snapshot, new ListingChecks(checks));
    }
    long start = System.nanoTime();
    AvailabilityReport report = AvailabilityReport.of(snapshot, new ListingChecks(checks));
    observers.listedAvailability(report, start);
    return report;
  }

  /**
   * Publishes what {@code editor}, a copy of the state taken under the write lock, now holds, when
   * anything changed; called under that lock. Every write edits a copy, publishes it here and then,
   * outside the lock (a listener may read the registry, or write to it), delivers the change, so
   * readers only ever see whole writes. Written out in each write rather than passed as a lambda:
   * discovery writes at every start-up, where each lambda spins a class.
   */
  private void publish(RegistryState.Editor editor) {
    if (editor.changed()) {
      state = editor.freeze();
      checks.retain(state.checks);
      listeners.queue(editor.change());
    }
  }

  private static ToolEntry checkSchema(ToolEntry entry) {
    if (entry.schemaChecked()) { // the processor's: checked at compile time, not parsed again
      return entry;
    }
    String problem = JsonCore.objectProblem(entry.definition().schema());
    if (problem != null) {
      throw new IllegalArgumentException(
          "Tool '" + entry.name() + "': schema must be one JSON object; " + problem);
    }
    return entry;
  }

  private static @Nullable ToolEntry lookup(RegistryState snapshot, @Nullable String name) {
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
    private ErrorSanitizer errorSanitizer = ErrorSanitizer.defaults();
    private @Nullable ToolRankerFactory ranker;
    private @Nullable Guards guards;

    private Builder() {}

    /**
     * What happens when another toolset registers a taken name; default {@link
     * CollisionPolicy#KEEP_EXISTING}.
     */
    public Builder collisionPolicy(CollisionPolicy collisionPolicy) {
      this.collisionPolicy = requireNonNull(collisionPolicy, "collisionPolicy == null");
      return this;
    }

    /**
     * How availability checks are cached, forgiven and bounded; default {@link
     * CheckPolicy#defaults()}.
     */
    public Builder checkPolicy(CheckPolicy checkPolicy) {
      this.checkPolicy = requireNonNull(checkPolicy, "checkPolicy == null");
      return this;
    }

    /** How large a dispatched result may be; default {@link ResultBudget#defaults()}. */
    public Builder resultBudget(ResultBudget resultBudget) {
      this.resultBudget = requireNonNull(resultBudget, "resultBudget == null");
      return this;
    }

    /**
     * What is removed from error messages before the model sees them; default {@link
     * ErrorSanitizer#defaults()}, extended with {@link ErrorSanitizer#withTags}.
     */
    public Builder errorSanitizer(ErrorSanitizer errorSanitizer) {
      this.errorSanitizer = requireNonNull(errorSanitizer, "errorSanitizer == null");
      return this;
    }

    /**
     * The ranker {@link ToolRegistry#search} uses; default the most preferred one on the class path
     * ({@link ToolRankers#preferred()}: the runtime's lexical ranker unless a module adds another).
     */
    public Builder ranker(ToolRankerFactory ranker) {
      this.ranker = requireNonNull(ranker, "ranker == null");
      return this;
    }

    /**
     * What stands between the model and each tool: approval, budgets, the loop guard, deadlines
     * (see {@link Guards}); default none, and a registry without guards pays nothing for them.
     */
    public Builder guards(Guards guards) {
      this.guards = requireNonNull(guards, "guards == null");
      return this;
    }

    /** An empty registry with this configuration. */
    public ToolRegistry build() {
      return new ToolRegistry(this);
    }
  }
}
