package dev.toolsmith.mcp.server;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.SearchTool;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Tool search for a served registry, the same for every client in both eras: a listing holds the
 * always-loaded tools, the runtime's {@code search_tools} ({@link SearchTool}) and {@code
 * call_tool} ({@link CallTool}), and changes only when the registry does, never as a side effect of
 * a call. A search answers with the matches' definitions in full; {@code call_tool} calls one of
 * them as a direct call would. Every served tool can also be called by name, found or not (what may
 * be served at all is the server's filter).
 */
final class ServedToolSearch {

  private static final ServedTool SEARCH = ServedTool.of(SearchTool.definition());
  private static final ServedTool CALL = ServedTool.of(CallTool.DEFINITION);

  /** The search's own toolsets: every toolset; the server's filter selects what is served. */
  private static final List<String> ALL = List.of("all");

  private final Set<String> alwaysLoaded;
  private final ToolRegistry registry;

  /**
   * Every listing holds the tools named in {@code alwaysLoaded} or marked {@link
   * ToolEntry#alwaysLoaded()} in {@code registry} (those served), and the two tools of the search.
   */
  ServedToolSearch(Set<String> alwaysLoaded, ToolRegistry registry) {
    this.alwaysLoaded = Set.copyOf(alwaysLoaded);
    this.registry = registry;
  }

  /** The tools tool search adds to the registry's: {@code search_tools} and {@code call_tool}. */
  static List<ServedTool> ownTools() {
    return List.of(SEARCH, CALL);
  }

  /** Whether {@code name} is one of {@link #ownTools()}. */
  static boolean isOwn(String name) {
    return SEARCH.name().equals(name) || CALL.name().equals(name);
  }

  /**
   * Whether every listing holds tool {@code name}: named to {@code --always-loaded} or marked where
   * it was written ({@code @Tool(deferred = false)}).
   */
  boolean alwaysLoaded(String name) {
    return alwaysLoaded.contains(name)
        || registry.entry(name).map(ToolEntry::alwaysLoaded).orElse(false);
  }

  /** What every client is listed of {@code served}: the always-loaded tools and the search's. */
  NavigableMap<String, ServedTool> listing(Map<String, ServedTool> served) {
    NavigableMap<String, ServedTool> listing = new TreeMap<>();
    served.forEach(
        (name, tool) -> {
          if (alwaysLoaded(name)) {
            listing.put(name, tool);
          }
        });
    ownTools().forEach(tool -> listing.put(tool.name(), tool));
    return listing;
  }

  /**
   * The answer to a call of {@code search_tools} with {@code arguments}: the served tools the
   * registry ranks best, in full ({@link DefinitionFormat#searchAnswer}, the MCP form), or an error
   * result saying why the arguments are unusable.
   */
  CallAnswer search(
      Object callId, @Nullable Map<String, Object> arguments, Map<String, ServedTool> served) {
    SearchTool.Arguments asked =
        arguments instanceof RawArguments raw
            ? SearchTool.Arguments.read(raw.json(), SearchTool.DEFAULT_LIMIT)
            : SearchTool.Arguments.read(arguments, SearchTool.DEFAULT_LIMIT);
    List<ToolDefinition> found = new ArrayList<>();
    if (asked.query() != null) {
      for (String name :
          SearchTool.find(registry, asked.query(), asked.limit(), ALL, served::containsKey)) {
        ServedTool tool = served.get(name);
        if (tool != null) {
          found.add(tool.definition());
        }
      }
    }
    String text =
        DefinitionFormat.MCP.searchAnswer(
            String.valueOf(callId), found, List.of(), asked.problem(), SearchTool.NO_MATCH);
    return new CallAnswer(text, null, asked.problem() != null);
  }
}
