package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.toolsmith.runtime.OfferedTools;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The tools a request offers when most of them wait behind a search, in each provider's own form,
 * and the answers to the model's searches.
 *
 * <ul>
 *   <li>OpenAI Responses: the deferred tools, grouped by toolset into {@code namespace} objects
 *       (name, description), carry {@code "defer_loading": true}; with them {@code
 *       {"type":"tool_search"}}, hosted, or its client-executed form, which {@link #answer} answers
 *       with a {@code tool_search_output} item holding the found definitions.
 *   <li>Anthropic: the deferred tools carry {@code "defer_loading": true}; with them the server
 *       search tool ({@code tool_search_tool_bm25_20251119} or {@code _regex_20251119}), or a
 *       custom {@code search_tools} tool that {@link #answer} answers with a {@code tool_result} of
 *       {@code tool_reference} blocks.
 *   <li>Every other format (Chat Completions, Gemini, MCP): the deferred tools are not listed; a
 *       portable {@code search_tools} function returns the matches (name, description, parameters)
 *       and records them in the {@link ToolSearchSession}, so the next listing lists them in full.
 * </ul>
 *
 * <p>A tool not yet found stays callable: deferral decides what the model is shown, never what
 * {@link ToolRegistry#dispatch} runs, which is every registered, available tool as before.
 */
public final class DeferredDefinitions {

  /** The portable search tool's default name. */
  public static final String SEARCH_TOOL = "search_tools";

  static final String SEARCH_DESCRIPTION =
      "Search the tools you can use by what they do, in a few words (for example \"create a"
          + " GitHub issue\"). Returns the best matching tools; call them as usual afterwards.";

  static final String SEARCH_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\",\"description\":"
          + "\"What the tool should do, in a few words\"},\"limit\":{\"type\":\"integer\","
          + "\"description\":\"How many tools to return (1-"
          + SearchArguments.MAX_LIMIT
          + ")\",\"minimum\":1,\"maximum\":"
          + SearchArguments.MAX_LIMIT
          + "}},\"required\":[\"query\"],\"additionalProperties\":false}";

  private final ToolRegistry registry;
  private final DeferralPolicy policy;
  private final ToolSearchMode mode;
  private final List<String> toolsets;
  private final @Nullable Set<String> names; // fixed names offered instead of toolsets
  private final int searchLimit;
  private final String searchToolName;

  /** Holds only the search tool, to write its definition through each format's own writer. */
  private final ToolRegistry searchTool;

  private DeferredDefinitions(Builder builder) {
    this.registry = builder.registry;
    this.policy = builder.policy;
    this.mode = builder.mode;
    this.toolsets = List.copyOf(builder.toolsets);
    this.names = builder.names == null ? null : Set.copyOf(builder.names);
    this.searchLimit = builder.searchLimit;
    this.searchToolName = builder.searchToolName;
    this.searchTool = ToolRegistry.create();
    ToolHandler.Sync unused =
        (arguments, context) -> {
          throw new IllegalStateException("answered by DeferredDefinitions.answer");
        };
    searchTool.register(
        ToolEntry.builder(searchToolName, "tool-search")
            .schema(SEARCH_SCHEMA)
            .description(SEARCH_DESCRIPTION)
            .handler(unused)
            .build());
  }

  /** A builder over {@code registry}'s tools. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(registry);
  }

  /** The name of the search function the model calls in the client and portable forms. */
  public String searchToolName() {
    return searchToolName;
  }

  /** The search function's description, for a bridge that writes the tool in its own types. */
  public String searchToolDescription() {
    return SEARCH_DESCRIPTION;
  }

  /** The search function's input schema as JSON text, {@code {query, limit}}. */
  public String searchToolSchema() {
    return SEARCH_SCHEMA;
  }

  /** Whether a function call named {@code name} is a search this object answers. */
  public boolean isSearchCall(String name) {
    return searchToolName.equals(name);
  }

  /** {@link #listing}'s tools array. */
  public String definitions(DefinitionFormat format, ToolSearchSession session) {
    return listing(format, session).tools();
  }

  /**
   * The tools array for the next request in {@code format}: the full listing when the policy does
   * not defer it, else the always-loaded tools, the tools {@code session} has found (portable form)
   * or the deferred ones marked {@code defer_loading} (native forms), and the search tool.
   */
  public DeferredListing listing(DefinitionFormat format, ToolSearchSession session) {
    requireNonNull(format, "format == null");
    requireNonNull(session, "session == null");
    Map<String, String> offered = offeredDefinitions(format);
    long fullChars = 2L + Math.max(0, offered.size() - 1);
    long fullTokens = 0;
    for (Map.Entry<String, String> definition : offered.entrySet()) {
      fullChars += definition.getValue().length();
      fullTokens += tokensOf(definition.getKey(), definition.getValue(), format);
    }
    if (!policy.defers(offered.size(), fullChars, fullTokens)) {
      return new DeferredListing(
          array(offered.values()), false, List.copyOf(offered.keySet()), List.of(), fullChars);
    }
    List<String> loaded = new ArrayList<>();
    List<String> deferred = new ArrayList<>();
    for (String name : offered.keySet()) {
      (alwaysLoaded(name) ? loaded : deferred).add(name);
    }
    List<String> out = new ArrayList<>();
    loaded.forEach(name -> out.add(requireNonNull(offered.get(name))));
    switch (format) {
      case OPENAI_RESPONSES, OPENAI_RESPONSES_STRICT -> {
        for (Map.Entry<String, List<String>> group : byToolset(deferred).entrySet()) {
          List<String> functions = new ArrayList<>();
          group
              .getValue()
              .forEach(name -> functions.add(deferLoading(requireNonNull(offered.get(name)))));
          out.add(namespace(group.getKey(), group.getValue(), functions));
        }
        out.add(openAiSearchTool());
      }
      case ANTHROPIC -> {
        deferred.forEach(name -> out.add(deferLoading(requireNonNull(offered.get(name)))));
        out.add(anthropicSearchTool());
      }
      default -> {
        // Found tools follow the loaded ones in the order found: earlier requests stay a prefix.
        List<String> stillDeferred = new ArrayList<>(deferred);
        for (String name : session.found()) {
          if (stillDeferred.remove(name)) {
            loaded.add(name);
            out.add(requireNonNull(offered.get(name)));
          }
        }
        deferred = stillDeferred;
        out.add(portableSearchTool(format));
      }
    }
    return new DeferredListing(array(out), true, loaded, deferred, fullChars);
  }

  /**
   * Runs the model's search and gives what goes back to the model: for OpenAI Responses the {@code
   * tool_search_output} input item for {@code callId}; for Anthropic the {@code tool_result} block
   * for the {@code tool_use} {@code callId}; for every other format the search function's result
   * text (the caller wraps it as that format's tool result). Found tools are recorded in {@code
   * session}. Never throws for any arguments: unusable ones get one line saying what is wanted.
   *
   * @param argumentsJson the call's arguments, {@code {"query": "...", "limit": 5}}
   * @throws IllegalStateException for OpenAI Responses or Anthropic in a hosted mode, where the
   *     provider runs the search itself
   */
  public String answer(
      DefinitionFormat format,
      String callId,
      @Nullable String argumentsJson,
      ToolSearchSession session) {
    requireNonNull(format, "format == null");
    requireNonNull(callId, "callId == null");
    requireNonNull(session, "session == null");
    boolean nativeForm = isNative(format);
    if (nativeForm && mode != ToolSearchMode.CLIENT) {
      throw new IllegalStateException(
          "the provider runs a hosted tool search itself; there is nothing to answer");
    }
    SearchArguments arguments = SearchArguments.parse(argumentsJson, searchLimit);
    List<String> found = new ArrayList<>();
    String query = arguments.query();
    if (query != null) {
      for (SearchHit hit : search(query, arguments.limit())) {
        if (registry.entry(hit.name()).isPresent()) {
          found.add(hit.name());
        }
      }
      session.record(found);
    }
    if (!nativeForm) {
      return portableAnswer(found, arguments.problem());
    }
    return format == DefinitionFormat.ANTHROPIC
        ? anthropicAnswer(callId, found, arguments.problem())
        : openAiAnswer(format, callId, found);
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
  private List<SearchHit> search(String query, int limit) {
    Set<String> fixed = names;
    if (fixed == null) {
      return registry.search(query, limit, toolsets);
    }
    List<SearchHit> hits = new ArrayList<>(limit);
    for (SearchHit hit : registry.search(query, fixed.size(), List.of("all"))) {
      if (fixed.contains(hit.name()) && hits.size() < limit) {
        hits.add(hit);
      }
    }
    return hits;
  }

  /** Each offered, available tool's definition in {@code format}, by name, in name order. */
  private Map<String, String> offeredDefinitions(DefinitionFormat format) {
    return offered().definitionsByName(format);
  }

  /** The processor's count of the definition's tokens, else a token per four characters. */
  private long tokensOf(String name, String definition, DefinitionFormat format) {
    OptionalInt counted =
        registry
            .entry(name)
            .map(entry -> entry.definitionTokens(format))
            .orElse(OptionalInt.empty());
    return counted.isPresent() ? counted.getAsInt() : (definition.length() + 3) / 4;
  }

  /** Whether the policy, or the tool's own entry, keeps {@code name} listed in full. */
  private boolean alwaysLoaded(String name) {
    return registry
        .entry(name)
        .map(policy::alwaysLoaded)
        .orElseGet(() -> policy.alwaysLoaded(name, ""));
  }

  private String toolsetOf(String name) {
    return registry.entry(name).map(ToolEntry::toolset).orElse("");
  }

  private Map<String, List<String>> byToolset(Collection<String> names) {
    Map<String, List<String>> groups = new TreeMap<>();
    for (String name : names) {
      groups.computeIfAbsent(toolsetOf(name), k -> new ArrayList<>()).add(name);
    }
    return groups;
  }

  // ---- the provider forms ----

  private static boolean isNative(DefinitionFormat format) {
    return switch (format) {
      case OPENAI_RESPONSES, OPENAI_RESPONSES_STRICT, ANTHROPIC -> true;
      default -> false;
    };
  }

  /** A definition object with {@code "defer_loading":true} added as its last member. */
  private static String deferLoading(String definition) {
    return definition.substring(0, definition.length() - 1) + ",\"defer_loading\":true}";
  }

  /** An OpenAI {@code namespace} holding {@code functions}, described by its toolset. */
  private String namespace(String toolset, List<String> names, List<String> functions) {
    StringBuilder out = new StringBuilder("{\"type\":\"namespace\",\"name\":");
    quote(out, toolset).append(",\"description\":");
    quote(out, namespaceDescription(toolset, names)).append(",\"tools\":");
    return out.append(array(functions)).append('}').toString();
  }

  /**
   * The toolset's own description; without one, the names of its tools, which is all the model sees
   * of a namespace before it searches.
   */
  private String namespaceDescription(String toolset, List<String> names) {
    String described =
        registry.toolsetDefinition(toolset).map(ToolsetDefinition::description).orElse("");
    if (!described.isBlank()) {
      return described;
    }
    int shown = Math.min(names.size(), 12);
    String listed = String.join(", ", names.subList(0, shown));
    return "Tools of "
        + toolset
        + ": "
        + listed
        + (names.size() > shown ? " and " + (names.size() - shown) + " more" : "");
  }

  private String openAiSearchTool() {
    if (mode != ToolSearchMode.CLIENT) {
      return "{\"type\":\"tool_search\"}";
    }
    StringBuilder out = new StringBuilder("{\"type\":\"tool_search\",\"execution\":\"client\"");
    out.append(",\"description\":");
    quote(out, SEARCH_DESCRIPTION).append(",\"parameters\":").append(SEARCH_SCHEMA);
    return out.append('}').toString();
  }

  private String anthropicSearchTool() {
    return switch (mode) {
      case HOSTED ->
          "{\"type\":\"tool_search_tool_bm25_20251119\",\"name\":\"tool_search_tool_bm25\"}";
      case HOSTED_REGEX ->
          "{\"type\":\"tool_search_tool_regex_20251119\",\"name\":\"tool_search_tool_regex\"}";
      case CLIENT -> portableSearchTool(DefinitionFormat.ANTHROPIC);
    };
  }

  private String portableSearchTool(DefinitionFormat format) {
    String array = searchTool.definitions(List.of(searchToolName), format);
    return array.substring(1, array.length() - 1);
  }

  private String openAiAnswer(DefinitionFormat format, String callId, List<String> found) {
    Map<String, String> offered = offeredDefinitions(format);
    List<String> tools = new ArrayList<>();
    for (Map.Entry<String, List<String>> group : byToolset(found).entrySet()) {
      List<String> functions = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (String name : group.getValue()) {
        String definition = offered.get(name);
        if (definition != null) {
          functions.add(definition);
          names.add(name);
        }
      }
      if (!functions.isEmpty()) {
        tools.add(namespace(group.getKey(), names, functions));
      }
    }
    StringBuilder out = new StringBuilder("{\"type\":\"tool_search_output\",\"call_id\":");
    quote(out, callId).append(",\"execution\":\"client\",\"status\":\"completed\",\"tools\":");
    return out.append(array(tools)).append('}').toString();
  }

  private static String anthropicAnswer(
      String toolUseId, List<String> found, @Nullable String problem) {
    StringBuilder out = new StringBuilder("{\"type\":\"tool_result\",\"tool_use_id\":");
    quote(out, toolUseId);
    if (problem != null || found.isEmpty()) {
      out.append(problem != null ? ",\"is_error\":true" : "");
      out.append(",\"content\":[{\"type\":\"text\",\"text\":");
      quote(out, problem != null ? problem : "No tool matches; try other words.");
      return out.append("}]}").toString();
    }
    out.append(",\"content\":[");
    for (int i = 0; i < found.size(); i++) {
      out.append(i > 0 ? "," : "").append("{\"type\":\"tool_reference\",\"tool_name\":");
      quote(out, found.get(i)).append('}');
    }
    return out.append("]}").toString();
  }

  private String portableAnswer(List<String> found, @Nullable String problem) {
    StringBuilder out = new StringBuilder();
    if (problem != null) {
      return quote(out.append("{\"error\":"), problem).append('}').toString();
    }
    out.append("{\"tools\":[");
    int written = 0;
    for (String name : found) {
      ToolEntry entry = registry.entry(name).orElse(null);
      if (entry == null) {
        continue;
      }
      out.append(written++ > 0 ? "," : "").append("{\"name\":");
      quote(out, name).append(",\"description\":");
      quote(out, entry.description()).append(",\"parameters\":").append(entry.schema());
      out.append('}');
    }
    out.append(']');
    if (written == 0) {
      out.append(",\"note\":\"No tool matches; try other words.\"");
    }
    return out.append('}').toString();
  }

  private static String array(Collection<String> elements) {
    return "[" + String.join(",", elements) + "]";
  }

  private static StringBuilder quote(StringBuilder out, String text) {
    return out.append('"').append(JsonStringEncoder.getInstance().quoteAsString(text)).append('"');
  }

  /** Collects a {@link DeferredDefinitions}' settings. */
  public static final class Builder {
    private final ToolRegistry registry;
    private DeferralPolicy policy = DeferralPolicy.always();
    private ToolSearchMode mode = ToolSearchMode.CLIENT;
    private final Set<String> toolsets = new LinkedHashSet<>(List.of("all"));
    private @Nullable List<String> names;
    private int searchLimit = 5;
    private String searchToolName = SEARCH_TOOL;

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
      if (searchLimit < 1 || searchLimit > SearchArguments.MAX_LIMIT) {
        throw new IllegalArgumentException(
            "searchLimit must be 1.." + SearchArguments.MAX_LIMIT + "; found " + searchLimit);
      }
      this.searchLimit = searchLimit;
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
