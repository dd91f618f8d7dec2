package dev.toolsmith.langchain4j;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.langchain4j.service.tool.search.ToolSearchResult;
import dev.langchain4j.service.tool.search.ToolSearchStrategy;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.SearchTool;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * LangChain4j's tool search ({@code AiServices.toolSearchStrategy}) answered by the registry's
 * ranker: the model gets the one {@code search_tools} tool ({@link SearchTool}), and each search
 * reveals the best matching tools among those LangChain4j holds searchable.
 */
public final class ToolsmithToolSearchStrategy implements ToolSearchStrategy {

  private final ToolRegistry registry;
  private final int limit;
  private final ToolSpecification searchTool;

  private ToolsmithToolSearchStrategy(ToolRegistry registry, int limit, String name) {
    this.registry = requireNonNull(registry, "registry == null");
    this.limit = limit;
    this.searchTool =
        ToolsmithToolProvider.build(SearchTool.definition(requireNonNull(name, "name == null")));
  }

  /** A strategy named {@code search_tools} returning up to 5 tools per search. */
  public static ToolsmithToolSearchStrategy of(ToolRegistry registry) {
    return new ToolsmithToolSearchStrategy(registry, SearchTool.DEFAULT_LIMIT, SearchTool.NAME);
  }

  /**
   * A strategy returning up to {@code limit} tools (1..{@value SearchTool#MAX_LIMIT}) under the
   * tool name {@code name}.
   */
  public static ToolsmithToolSearchStrategy of(ToolRegistry registry, int limit, String name) {
    return new ToolsmithToolSearchStrategy(registry, SearchTool.checkLimit(limit), name);
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
    SearchTool.Arguments arguments =
        SearchTool.Arguments.read(request.toolExecutionRequest().arguments(), limit);
    String query = arguments.query();
    if (query == null) {
      return new ToolSearchResult(List.of(), String.valueOf(arguments.problem()));
    }
    List<String> found =
        SearchTool.find(registry, query, arguments.limit(), List.of("all"), searchable::contains);
    return new ToolSearchResult(
        found,
        found.isEmpty()
            ? SearchTool.NO_MATCH
            : "Tools found, now available: " + String.join(", ", found));
  }

  @Override
  public String toString() {
    return "ToolsmithToolSearchStrategy{" + searchTool.name() + ", limit " + limit + "}";
  }
}
