package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The one {@code search_tools} tool every surface offers (deferred definitions, the LangChain4j
 * strategy, and any server that serves a registry): its definition, the reading of its arguments,
 * its limit, and the search it runs. A surface declares {@link #definition} in its own form ({@link
 * DefinitionFormat#searchTool}), reads a call with {@link Arguments#read}, finds the tools with
 * {@link #find}, and answers in its form ({@link DefinitionFormat#searchAnswer}).
 */
public final class SearchTool {

  /** The tool's default name. */
  public static final String NAME = "search_tools";

  /** How many tools a search returns when the model does not say. */
  public static final int DEFAULT_LIMIT = 5;

  /** The most tools one search returns, whatever the model asks for. */
  public static final int MAX_LIMIT = 20;

  /** What the model is told when nothing matched. */
  public static final String NO_MATCH = Failures.NO_MATCH;

  static final String DESCRIPTION =
      "Search the tools you can use by what they do, in a few words (for example \"create a"
          + " GitHub issue\"). Returns the best matching tools; call them as usual afterwards.";

  static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\",\"description\":"
          + "\"What the tool should do, in a few words\"},\"limit\":{\"type\":\"integer\","
          + "\"description\":\"How many tools to return (1-"
          + MAX_LIMIT
          + ")\",\"minimum\":1,\"maximum\":"
          + MAX_LIMIT
          + "}},\"required\":[\"query\"],\"additionalProperties\":false}";

  private SearchTool() {}

  /** The tool's definition under {@link #NAME}. */
  public static ToolDefinition definition() {
    return definition(NAME);
  }

  /** The tool's definition under {@code name}, for a registry that has a tool named as it. */
  public static ToolDefinition definition(String name) {
    return ToolDefinition.builder(name, SCHEMA).description(DESCRIPTION).build();
  }

  /** Checks {@code limit} as a surface's default: 1 to {@link #MAX_LIMIT}. */
  public static int checkLimit(int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + "; found " + limit);
    }
    return limit;
  }

  /**
   * The registry's best tools for {@code query} among those the toolsets {@code toolsets} select
   * (as {@link ToolRegistry#search} ranks them: available ones only), best first, at most {@code
   * limit}.
   */
  public static List<String> find(
      ToolRegistry registry, String query, int limit, Collection<String> toolsets) {
    List<String> found = new ArrayList<>(limit);
    for (SearchHit hit : registry.search(query, limit, toolsets)) {
      found.add(hit.name());
    }
    return found;
  }

  /**
   * The registry's best tools for {@code query} among those the toolsets {@code toolsets} select
   * (as {@link ToolRegistry#search} ranks them: available ones only) that {@code among} accepts,
   * best first, at most {@code limit}.
   */
  public static List<String> find(
      ToolRegistry registry,
      String query,
      int limit,
      Collection<String> toolsets,
      Predicate<String> among) {
    requireNonNull(among, "among == null");
    // Tools ranked but not accepted are dropped: rank every tool, so the best accepted ones count.
    int ranked = Math.max(limit, registry.toolNames().size());
    List<String> found = new ArrayList<>(limit);
    for (SearchHit hit : registry.search(query, ranked, toolsets)) {
      if (found.size() < limit && among.test(hit.name())) {
        found.add(hit.name());
      }
    }
    return found;
  }

  /**
   * The arguments of a search call, {@code {"query": "...", "limit": 5}}, or why they are not.
   *
   * @param query the query, or null when {@code problem} says why there is none
   * @param limit how many tools to return: the call's (cut to 1..{@link #MAX_LIMIT}) or the default
   * @param problem one line for the model when the arguments are unusable; null when usable
   */
  public record Arguments(@Nullable String query, int limit, @Nullable String problem) {

    /** Reads the call's JSON text; never throws: unusable input gives a {@code problem}. */
    public static Arguments read(@Nullable String json, int defaultLimit) {
      if (json == null || json.isBlank()) {
        return failed(Failures.SEARCH_NO_ARGUMENTS);
      }
      String query = null;
      int limit = defaultLimit;
      try (JsonParser p = JsonCore.FACTORY.createParser(json)) {
        if (p.nextToken() != JsonToken.START_OBJECT) {
          return failed(Failures.SEARCH_NOT_AN_OBJECT);
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String field = p.currentName();
          JsonToken value = p.nextToken();
          if ("query".equals(field) && value == JsonToken.VALUE_STRING) {
            query = p.getText();
          } else if ("limit".equals(field) && value == JsonToken.VALUE_NUMBER_INT) {
            limit = cut(p.getNumberValue());
          } else {
            p.skipChildren();
          }
        }
      } catch (IOException | RuntimeException e) {
        return failed(Failures.SEARCH_NOT_JSON);
      }
      return of(query, limit);
    }

    /**
     * The arguments as a server's JSON library read them ({@code "query"} a string, {@code "limit"}
     * an integral number); never throws.
     */
    public static Arguments read(@Nullable Map<String, ?> arguments, int defaultLimit) {
      if (arguments == null) {
        return failed(Failures.SEARCH_NO_ARGUMENTS);
      }
      Object query = arguments.get("query");
      Object limit = arguments.get("limit");
      int wanted =
          limit instanceof Integer
                  || limit instanceof Long
                  || limit instanceof Short
                  || limit instanceof java.math.BigInteger
              ? cut((Number) limit)
              : defaultLimit;
      return of(query instanceof String text ? text : null, wanted);
    }

    private static Arguments of(@Nullable String query, int limit) {
      if (query == null || query.isBlank()) {
        return failed(Failures.SEARCH_NO_QUERY);
      }
      return new Arguments(query, limit, null);
    }

    /** An integral limit cut to 1..{@link #MAX_LIMIT}, however many digits it has. */
    private static int cut(Number limit) {
      return limit.doubleValue() < 1 ? 1 : (int) Math.min(MAX_LIMIT, limit.doubleValue());
    }

    private static Arguments failed(String problem) {
      return new Arguments(null, 0, problem);
    }
  }
}
