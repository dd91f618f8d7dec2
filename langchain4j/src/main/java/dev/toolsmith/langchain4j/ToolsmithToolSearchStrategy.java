package dev.toolsmith.langchain4j;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.langchain4j.service.tool.search.ToolSearchResult;
import dev.langchain4j.service.tool.search.ToolSearchStrategy;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.search.SearchHit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * LangChain4j's tool search ({@code AiServices.toolSearchStrategy}) answered by the registry's
 * ranker: the model gets one {@code search_tools} tool, and each search reveals the best matching
 * tools among those LangChain4j holds searchable.
 */
public final class ToolsmithToolSearchStrategy implements ToolSearchStrategy {

  private static final JsonFactory JSON = new JsonFactory();
  private static final int MAX_LIMIT = 20;

  private final ToolRegistry registry;
  private final int limit;
  private final ToolSpecification searchTool;

  private ToolsmithToolSearchStrategy(ToolRegistry registry, int limit, String name) {
    this.registry = requireNonNull(registry, "registry == null");
    this.limit = limit;
    this.searchTool =
        ToolSpecification.builder()
            .name(requireNonNull(name, "name == null"))
            .description(
                "Search the tools you can use by what they do, in a few words. Returns the"
                    + " best matching tools; call them as usual afterwards.")
            .parameters(
                JsonObjectSchema.builder()
                    .addStringProperty("query", "What the tool should do, in a few words")
                    .addIntegerProperty("limit", "How many tools to return (1-" + MAX_LIMIT + ")")
                    .required("query")
                    .build())
            .build();
  }

  /** A strategy named {@code search_tools} returning up to 5 tools per search. */
  public static ToolsmithToolSearchStrategy of(ToolRegistry registry) {
    return new ToolsmithToolSearchStrategy(registry, 5, "search_tools");
  }

  /** A strategy returning up to {@code limit} tools (1..20) under the tool name {@code name}. */
  public static ToolsmithToolSearchStrategy of(ToolRegistry registry, int limit, String name) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + "; found " + limit);
    }
    return new ToolsmithToolSearchStrategy(registry, limit, name);
  }

  @Override
  public List<ToolSpecification> getToolSearchTools(InvocationContext context) {
    return List.of(searchTool);
  }

  /** Never throws for any arguments: unusable ones find nothing and say what is wanted. */
  @Override
  public ToolSearchResult search(ToolSearchRequest request) {
    Set<String> searchable = new HashSet<>();
    request.searchableTools().forEach(t -> searchable.add(t.name()));
    String arguments = request.toolExecutionRequest().arguments();
    int wanted = limit(arguments);
    String query = query(arguments);
    if (query == null || query.isBlank()) {
      return new ToolSearchResult(
          List.of(), "The search needs a non-empty \"query\" string: what the tool should do.");
    }
    List<String> found = new ArrayList<>();
    for (SearchHit hit : registry.search(query, Math.max(1, searchable.size()), List.of("all"))) {
      if (searchable.contains(hit.name()) && found.size() < wanted) {
        found.add(hit.name());
      }
    }
    return new ToolSearchResult(
        found,
        found.isEmpty()
            ? "No tool matches; try other words."
            : "Tools found, now available: " + String.join(", ", found));
  }

  private static @Nullable String query(@Nullable String arguments) {
    JsonToken[] type = new JsonToken[1];
    String text = field(arguments, "query", type);
    return type[0] == JsonToken.VALUE_STRING ? text : null;
  }

  private int limit(@Nullable String arguments) {
    JsonToken[] type = new JsonToken[1];
    String text = field(arguments, "limit", type);
    if (type[0] != JsonToken.VALUE_NUMBER_INT || text == null) {
      return limit;
    }
    try {
      return (int) Math.max(1, Math.min(MAX_LIMIT, Long.parseLong(text)));
    } catch (NumberFormatException e) {
      return MAX_LIMIT; // more digits than a long: far above the cap
    }
  }

  /**
   * The text of top-level {@code name} in {@code json}, its token in {@code type}; null if none.
   */
  private static @Nullable String field(@Nullable String json, String name, JsonToken[] type) {
    if (json == null) {
      return null;
    }
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals(field)) {
          type[0] = value;
          return p.getText();
        }
        p.skipChildren();
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return null;
  }

  @Override
  public String toString() {
    return "ToolsmithToolSearchStrategy{" + searchTool.name() + ", limit " + limit + "}";
  }
}
