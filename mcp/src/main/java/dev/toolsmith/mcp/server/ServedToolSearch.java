package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.tool.ToolSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Tool search for a served registry: a listing holds the always-loaded tools and {@value
 * #TOOL_NAME}; a search answers with the best matches in full (name, description, schema) and, in a
 * session, reveals them to that session (its {@link ToolSession}, which the guards share), whose
 * next listing holds them too. Revealing shortens the listing; it is no access control: every
 * served tool can be called, found or not (what may be served at all is the server's filter).
 */
final class ServedToolSearch {

  static final String TOOL_NAME = "search_tools";
  static final int DEFAULT_LIMIT = 5;
  static final int MAX_LIMIT = 50;

  private static final ServedTool TOOL =
      ServedTool.of(
          TOOL_NAME,
          null,
          "Finds tools for a task among all this server offers, best first, and answers with"
              + " their definitions; the tools found can then be called by name.",
          new ServedTool.InputSchema(
              Map.of(
                  "type",
                  "object",
                  "properties",
                  Map.of(
                      "query",
                      Map.of("type", "string", "description", "What the tool should do, in words."),
                      "limit",
                      Map.of(
                          "type",
                          "integer",
                          "minimum",
                          1,
                          "maximum",
                          MAX_LIMIT,
                          "description",
                          "How many tools to find at most (default " + DEFAULT_LIMIT + ").")),
                  "required",
                  List.of("query"),
                  "additionalProperties",
                  false)),
          null,
          null,
          false);

  private final Set<String> alwaysLoaded;
  private final ToolRegistry registry;

  /**
   * Every listing holds the tools named in {@code alwaysLoaded} or marked {@link
   * ToolEntry#alwaysLoaded()} in {@code registry} (those served), and the search.
   */
  ServedToolSearch(Set<String> alwaysLoaded, ToolRegistry registry) {
    this.alwaysLoaded = Set.copyOf(alwaysLoaded);
    this.registry = registry;
  }

  /** The search tool as served. */
  static ServedTool tool() {
    return TOOL;
  }

  /**
   * Whether every listing holds tool {@code name}: named to {@code --always-loaded} or marked where
   * it was written ({@code @Tool(deferred = false)}).
   */
  boolean alwaysLoaded(String name) {
    return alwaysLoaded.contains(name)
        || registry.entry(name).map(ToolEntry::alwaysLoaded).orElse(false);
  }

  /**
   * What {@code session} is listed of {@code served}: the always-loaded tools, those it has found,
   * and the search tool. A null session (stateless, and every modern request: a listing there never
   * varies by connection) is listed no found tools.
   */
  NavigableMap<String, ServedTool> listing(
      @Nullable ToolSession session, NavigableMap<String, ServedTool> served) {
    Set<String> found = session == null ? Set.of() : Set.copyOf(session.found());
    NavigableMap<String, ServedTool> listing = new TreeMap<>();
    served.forEach(
        (name, tool) -> {
          if (alwaysLoaded(name) || found.contains(name)) {
            listing.put(name, tool);
          }
        });
    listing.put(TOOL_NAME, TOOL);
    return listing;
  }

  /**
   * Records in {@code session} that it found {@code names}; true when one of them was new to it
   * (its listing changed).
   */
  boolean reveal(ToolSession session, List<String> names) {
    List<String> revealed = names.stream().filter(name -> !alwaysLoaded(name)).toList();
    boolean changed = revealed.stream().anyMatch(name -> !session.hasFound(name));
    session.recordFound(revealed);
    return changed;
  }

  /**
   * The served tools best matching {@code query}, at most {@code limit}, ranked by the registry's
   * search among the tools it may offer (selected and available) and kept when served.
   */
  static List<ServedTool> search(
      ToolRegistry registry, String query, int limit, Map<String, ServedTool> served) {
    // Tools the registry ranks but this server does not serve are dropped: ask for that many more.
    int notServed = Math.max(0, registry.toolNames().size() - served.size());
    List<ServedTool> found = new ArrayList<>();
    for (SearchHit hit : registry.search(query, limit + notServed)) {
      ServedTool tool = served.get(hit.name());
      if (tool != null && found.size() < limit) {
        found.add(tool);
      }
    }
    return found;
  }

  /**
   * The search result's text: {@code {"tools": [definition, ...]}}, each definition in full, so a
   * client that cannot list again (stateless) can still call them.
   */
  static String resultText(List<ServedTool> found) {
    ObjectNode result = McpJson.MAPPER.createObjectNode();
    ArrayNode tools = result.putArray("tools");
    for (ServedTool tool : found) {
      tools.add(McpJson.MAPPER.valueToTree(tool.tool()));
    }
    return McpJson.write(result);
  }

  /**
   * The search's arguments checked: a non-blank {@code query} and an optional {@code limit} from 1
   * to {@value #MAX_LIMIT}; the problem in one line otherwise.
   */
  record Request(@Nullable String query, int limit, @Nullable String problem) {

    static Request of(@Nullable Map<String, Object> arguments) {
      Object query = arguments == null ? null : arguments.get("query");
      Object limit = arguments == null ? null : arguments.get("limit");
      if (!(query instanceof String text) || text.isBlank()) {
        return new Request(null, 0, "search_tools needs a non-blank string 'query'");
      }
      if (limit == null) {
        return new Request(text, DEFAULT_LIMIT, null);
      }
      if (!(limit instanceof Integer || limit instanceof Long)
          || ((Number) limit).longValue() < 1
          || ((Number) limit).longValue() > MAX_LIMIT) {
        return new Request(
            null, 0, "search_tools 'limit' must be an integer from 1 to " + MAX_LIMIT);
      }
      return new Request(text, ((Number) limit).intValue(), null);
    }
  }
}
