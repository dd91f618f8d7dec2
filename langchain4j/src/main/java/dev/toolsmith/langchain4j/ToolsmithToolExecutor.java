package dev.toolsmith.langchain4j;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import java.util.Map;

/**
 * Runs LangChain4j's tool execution requests through {@link ToolRegistry#call}: the request's id is
 * the call id and the AI service call's {@link InvocationParameters} are the {@link ToolContext}
 * attributes. It never throws: a failed call is the registry's {@code {"error":...}} result, marked
 * as an error for LangChain4j as the call's outcome says.
 */
public final class ToolsmithToolExecutor implements ToolExecutor {

  private final ToolRegistry registry;

  private ToolsmithToolExecutor(ToolRegistry registry) {
    this.registry = registry;
  }

  /** An executor dispatching each request to the tool it names in {@code registry}. */
  public static ToolsmithToolExecutor of(ToolRegistry registry) {
    return new ToolsmithToolExecutor(requireNonNull(registry, "registry == null"));
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    return registry.dispatch(request.name(), request.arguments(), context(request, Map.of()));
  }

  @Override
  public ToolExecutionResult executeWithContext(
      ToolExecutionRequest request, InvocationContext invocation) {
    InvocationParameters parameters = invocation == null ? null : invocation.invocationParameters();
    Map<String, Object> attributes = parameters == null ? Map.of() : parameters.asMap();
    ToolCallResult result =
        registry.call(request.name(), request.arguments(), context(request, attributes));
    return ToolExecutionResult.builder()
        .resultText(result.text())
        .isError(result.isError())
        .build();
  }

  private static ToolContext context(ToolExecutionRequest request, Map<String, Object> attributes) {
    String id = request.id() == null ? "" : request.id();
    return id.isEmpty() && attributes.isEmpty()
        ? ToolContext.empty()
        : ToolContext.of(id, attributes);
  }

  @Override
  public String toString() {
    return "ToolsmithToolExecutor{" + registry + "}";
  }
}
