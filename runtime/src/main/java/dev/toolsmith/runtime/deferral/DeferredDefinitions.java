package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.OfferedTools;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The tools a request offers when most of them wait behind a search, and the answers to the model's
 * searches: the deferral policy and the conversation's session. What each provider receives is its
 * {@link DefinitionFormat}'s form: OpenAI Responses and Anthropic list the deferred tools marked to
 * load on demand (Responses grouped into namespaces) beside their native search, hosted or answered
 * here; every other format leaves them out and offers the {@link SearchTool}, whose matches the
 * next listing lists in full.
 *
 * <p>A tool not yet found stays callable: deferral decides what the model is shown, never what
 * {@link ToolRegistry#dispatch} runs, which is every registered, available tool as before.
 */
public final class DeferredDefinitions {

  /** The portable search tool's default name: {@link SearchTool#NAME}. */
  public static final String SEARCH_TOOL = SearchTool.NAME;

  /**
   * The namespace of a deferred tool whose toolset is blank (a tool registered at run time without
   * one): OpenAI Responses never gets a deferred function outside a namespace. The same name as
   * {@code @Tool}'s default toolset.
   */
  public static final String DEFAULT_NAMESPACE = "default";

  private final ToolRegistry registry;
  private final DeferralPolicy policy;
  private final ToolSearchMode mode;
  private final List<String> toolsets;
  private final @Nullable Set<String> names; // fixed names offered instead of toolsets
  private final int searchLimit;
  private final ToolDefinition searchTool;

  private DeferredDefinitions(Builder builder) {
    this.registry = builder.registry;
    this.policy = builder.policy;
    this.mode = builder.mode;
    this.toolsets = List.copyOf(builder.toolsets);
    this.names = builder.names == null ? null : Set.copyOf(builder.names);
    this.searchLimit = builder.searchLimit;
    this.searchTool = SearchTool.definition(builder.searchToolName);
  }

  /** A builder over {@code registry}'s tools. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(registry);
  }

  /** The name of the search function the model calls in the client and portable forms. */
  public String searchToolName() {
    return searchTool.name();
  }

  /** The search function's definition, for a bridge that writes the tool in its own types. */
  public ToolDefinition searchToolDefinition() {
    return searchTool;
  }

  /** Whether a function call named {@code name} is a search this object answers. */
  public boolean isSearchCall(String name) {
    return searchTool.name().equals(name);
  }

  /** {@link #listing}'s tools array. */
  public String definitions(DefinitionFormat format, ToolSession session) {
    return listing(format, session).tools();
  }

  /**
   * The tools array for the next request in {@code format}: the full listing when the policy does
   * not defer it, else the always-loaded tools, the tools {@code session} has found (portable form)
   * or the deferred ones marked to load on demand (native forms), and the search tool.
   */
  public DeferredListing listing(DefinitionFormat format, ToolSession session) {
    requireNonNull(format, "format == null");
    requireNonNull(session, "session == null");
    OfferedTools offered = offered();
    Map<String, String> full = offered.definitionsByName(format);
    long fullChars = 2L + Math.max(0, full.size() - 1);
    for (String definition : full.values()) {
      fullChars += definition.length();
    }
    long fullTokens = policy.countsTokens() ? offered.cost(format).tokens() : 0;
    if (!policy.defers(full.size(), fullChars, fullTokens)) {
      return new DeferredListing(
          array(full.values()), false, List.copyOf(full.keySet()), List.of(), Map.of(), fullChars);
    }
    List<String> loaded = new ArrayList<>();
    List<String> deferred = new ArrayList<>();
    for (String name : full.keySet()) {
      (alwaysLoaded(name) ? loaded : deferred).add(name);
    }
    List<String> out = new ArrayList<>();
    loaded.forEach(name -> out.add(requireNonNull(full.get(name))));
    if (format.listsDeferredTools()) {
      Map<String, String> marked =
          offered.filter(e -> deferred.contains(e.name())).deferredDefinitionsByName(format);
      out.addAll(grouped(format, deferred, marked));
    } else {
      // Found tools follow the loaded ones in the order found: earlier requests stay a prefix.
      List<String> stillDeferred = new ArrayList<>(deferred);
      for (String name : session.found()) {
        if (stillDeferred.remove(name)) {
          loaded.add(name);
          out.add(requireNonNull(full.get(name)));
        }
      }
      deferred.retainAll(stillDeferred);
    }
    out.add(format.searchTool(searchTool, hosted(format), mode == ToolSearchMode.HOSTED_REGEX));
    return new DeferredListing(
        array(out), true, loaded, deferred, byNamespace(deferred, full.keySet()), fullChars);
  }

  /**
   * Runs the model's search and gives what goes back to the model, in {@code format}'s form (see
   * {@link DefinitionFormat#searchAnswer}): for OpenAI Responses the {@code tool_search_output}
   * input item for {@code callId}; for Anthropic the {@code tool_result} block for the {@code
   * tool_use} {@code callId}; for every other format the search function's result text (the caller
   * wraps it as that format's tool result). Found tools are recorded in {@code session}. Never
   * throws for any arguments: unusable ones get one line saying what is wanted.
   *
   * @param argumentsJson the call's arguments, {@code {"query": "...", "limit": 5}}
   * @throws IllegalStateException for OpenAI Responses or Anthropic in a hosted mode, where the
   *     provider runs the search itself
   */
  public String answer(
      DefinitionFormat format, String callId, @Nullable String argumentsJson, ToolSession session) {
    requireNonNull(format, "format == null");
    requireNonNull(callId, "callId == null");
    requireNonNull(session, "session == null");
    if (hosted(format)) {
      throw new IllegalStateException(
          "the provider runs a hosted tool search itself; there is nothing to answer");
    }
    SearchTool.Arguments arguments = SearchTool.Arguments.read(argumentsJson, searchLimit);
    List<ToolEntry> found = new ArrayList<>();
    String query = arguments.query();
    if (query != null) {
      for (String name : search(query, arguments.limit())) {
        registry.entry(name).ifPresent(found::add);
      }
      session.recordFound(found.stream().map(ToolEntry::name).toList());
    }
    List<String> namespaces = List.of();
    if (format.groupsNamespaces()) {
      List<String> names = found.stream().map(ToolEntry::name).toList();
      namespaces = grouped(format, names, offered().definitionsByName(format));
    }
    return format.searchAnswer(
        callId,
        found.stream().map(ToolEntry::definition).toList(),
        namespaces,
        arguments.problem(),
        SearchTool.NO_MATCH);
  }

  /** Whether the provider runs the search itself: a hosted mode, in a format that has one. */
  private boolean hosted(DefinitionFormat format) {
    return format.listsDeferredTools() && mode != ToolSearchMode.CLIENT;
  }

  // ---- what is offered: the one seam to the registry's listing ----

  /**
   * The tools the request offers, selected and available: the registry's one answer to what a model
   * is offered, narrowed to the fixed names when there are some.
   */
  private OfferedTools offered() {
    Set<String> fixed = names;
    if (fixed == null) {
      return registry.offered(toolsets);
    }
    return registry.offered(List.of("all")).filter(entry -> fixed.contains(entry.name()));
  }

  /** The best offered tools for {@code query}, at most {@code limit}. */
  private List<String> search(String query, int limit) {
    Set<String> fixed = names;
    return fixed == null
        ? SearchTool.find(registry, query, limit, toolsets)
        : SearchTool.find(registry, query, limit, List.of("all"), fixed::contains);
  }

  /** Whether the policy, or the tool's own entry, keeps {@code name} listed in full. */
  private boolean alwaysLoaded(String name) {
    return registry
        .entry(name)
        .map(policy::alwaysLoaded)
        .orElseGet(() -> policy.alwaysLoaded(name, ""));
  }

  /**
   * The definitions of {@code names} (from {@code definitions}, by name), grouped by toolset into
   * namespaces when {@code format} groups them, else as they are.
   */
  private List<String> grouped(
      DefinitionFormat format, List<String> names, Map<String, String> definitions) {
    if (!format.groupsNamespaces()) {
      List<String> out = new ArrayList<>();
      names.forEach(name -> out.add(requireNonNull(definitions.get(name))));
      return out;
    }
    Map<String, List<String>> groups = byNamespace(names, definitions.keySet());
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<String>> group : groups.entrySet()) {
      List<String> texts = new ArrayList<>();
      group.getValue().forEach(name -> texts.add(requireNonNull(definitions.get(name))));
      out.add(
          format.namespace(
              group.getKey(), namespaceDescription(group.getKey(), group.getValue()), texts));
    }
    return out;
  }

  /**
   * Those of {@code names} that are in {@code listed}, by the namespace OpenAI Responses puts them
   * in: their toolset, or {@link #DEFAULT_NAMESPACE} for a blank one.
   */
  private Map<String, List<String>> byNamespace(Collection<String> names, Set<String> listed) {
    Map<String, List<String>> groups = new TreeMap<>();
    for (String name : names) {
      if (listed.contains(name)) {
        String toolset = registry.entry(name).map(ToolEntry::toolset).orElse("");
        String namespace = toolset.isBlank() ? DEFAULT_NAMESPACE : toolset;
        groups.computeIfAbsent(namespace, k -> new ArrayList<>()).add(name);
      }
    }
    return groups;
  }

  /**
   * The toolset's own description; without one, the names of its tools, which is all the model sees
   * of a namespace before it searches.
   */
  private String namespaceDescription(String namespace, List<String> names) {
    String described =
        registry.toolsetDefinition(namespace).map(ToolsetDefinition::description).orElse("");
    if (!described.isBlank()) {
      return described;
    }
    int shown = Math.min(names.size(), 12);
    String listed = String.join(", ", names.subList(0, shown));
    return "Tools of "
        + namespace
        + ": "
        + listed
        + (names.size() > shown ? " and " + (names.size() - shown) + " more" : "");
  }

  private static String array(Collection<String> elements) {
    return "[" + String.join(",", elements) + "]";
  }

  /** Collects a {@link DeferredDefinitions}' settings. */
  public static final class Builder {
    private final ToolRegistry registry;
    private DeferralPolicy policy = DeferralPolicy.always();
    private ToolSearchMode mode = ToolSearchMode.CLIENT;
    private final Set<String> toolsets = new LinkedHashSet<>(List.of("all"));
    private @Nullable List<String> names;
    private int searchLimit = SearchTool.DEFAULT_LIMIT;
    private String searchToolName = SearchTool.NAME;

    private Builder(ToolRegistry registry) {
      this.registry = requireNonNull(registry, "registry == null");
    }

    /** When to defer and what to keep loaded; {@link DeferralPolicy#always()} by default. */
    public Builder policy(DeferralPolicy policy) {
      this.policy = requireNonNull(policy, "policy == null");
      return this;
    }

    /** Who runs the search where the provider has one; {@link ToolSearchMode#CLIENT} by default. */
    public Builder mode(ToolSearchMode mode) {
      this.mode = requireNonNull(mode, "mode == null");
      return this;
    }

    /**
     * The toolsets offered, as {@link ToolRegistry#resolveToolsets} selects; {@code all} by
     * default.
     */
    public Builder toolsets(Collection<String> toolsets) {
      requireNonNull(toolsets, "toolsets == null");
      this.toolsets.clear();
      toolsets.forEach(t -> this.toolsets.add(requireNonNull(t, "toolset == null")));
      this.names = null;
      return this;
    }

    /**
     * The tools offered, by name, instead of by toolsets (as an application that has already
     * selected them holds them); the search then ranks only these.
     */
    public Builder offering(Collection<String> names) {
      requireNonNull(names, "names == null");
      List<String> copy = new ArrayList<>();
      names.forEach(n -> copy.add(requireNonNull(n, "name == null")));
      this.names = copy;
      return this;
    }

    /** How many tools a search returns when the model does not say; 5 by default. */
    public Builder searchLimit(int searchLimit) {
      this.searchLimit = SearchTool.checkLimit(searchLimit);
      return this;
    }

    /** The search function's name, for a registry that has a tool named {@code search_tools}. */
    public Builder searchToolName(String searchToolName) {
      this.searchToolName = requireNonNull(searchToolName, "searchToolName == null");
      return this;
    }

    /** The deferred definitions. */
    public DeferredDefinitions build() {
      return new DeferredDefinitions(this);
    }
  }
}
