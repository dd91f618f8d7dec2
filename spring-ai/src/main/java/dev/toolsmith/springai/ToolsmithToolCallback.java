package dev.toolsmith.springai;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolResults;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;

/**
 * One registry tool as a Spring AI {@link ToolCallback}: its definition is the entry's name,
 * description and schema text as they are, and a call is {@link ToolRegistry#dispatch}.
 *
 * <p>A failed call (unknown tool, invalid arguments, a tool that threw) is the registry's {@code
 * {"error":...}} result, returned as the tool's answer so the model can read it and try again; with
 * {@code errorsAsExceptions} it is thrown instead as a {@link ToolExecutionException} caused by a
 * {@link ToolsmithToolException}, for Spring AI's {@code ToolExecutionExceptionProcessor} to
 * handle.
 */
public final class ToolsmithToolCallback implements ToolCallback {

  private final ToolRegistry registry;
  private final ToolDefinition definition;
  private final boolean errorsAsExceptions;

  private ToolsmithToolCallback(
      ToolRegistry registry, ToolDefinition definition, boolean errorsAsExceptions) {
    this.registry = registry;
    this.definition = definition;
    this.errorsAsExceptions = errorsAsExceptions;
  }

  /** The callback of {@code entry}, whose calls go to {@code registry}; errors are results. */
  public static ToolsmithToolCallback of(ToolRegistry registry, ToolEntry entry) {
    return of(registry, entry, false);
  }

  /**
   * The callback of {@code entry}, whose calls go to {@code registry}; with {@code
   * errorsAsExceptions}, an error result is thrown as a {@link ToolExecutionException}.
   */
  public static ToolsmithToolCallback of(
      ToolRegistry registry, ToolEntry entry, boolean errorsAsExceptions) {
    requireNonNull(registry, "registry == null");
    requireNonNull(entry, "entry == null");
    Definition definition = new Definition(entry.name(), entry.description(), entry.schema());
    return new ToolsmithToolCallback(registry, definition, errorsAsExceptions);
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return definition;
  }

  @Override
  public String call(String toolInput) {
    return call(toolInput, null);
  }

  /** Dispatches with Spring AI's tool context map as the {@code ToolContext} attributes. */
  @Override
  public String call(String toolInput, @Nullable ToolContext toolContext) {
    String result = registry.dispatch(definition.name(), toolInput, context(toolContext));
    if (errorsAsExceptions && ToolResults.isError(result)) {
      throw new ToolExecutionException(definition, new ToolsmithToolException(result));
    }
    return result;
  }

  private static dev.toolsmith.runtime.ToolContext context(@Nullable ToolContext toolContext) {
    if (toolContext == null || toolContext.getContext().isEmpty()) {
      return dev.toolsmith.runtime.ToolContext.empty();
    }
    Map<String, Object> attributes = new HashMap<>();
    toolContext
        .getContext()
        .forEach(
            (key, value) -> {
              if (key != null && value != null) { // Spring AI's map may hold nulls; ours may not
                attributes.put(key, value);
              }
            });
    return new dev.toolsmith.runtime.ToolContext("", attributes);
  }

  @Override
  public String toString() {
    return "ToolsmithToolCallback{" + definition.name() + "}";
  }

  /** The definition as the entry has it: an empty description stays empty. */
  private record Definition(String name, String description, String inputSchema)
      implements ToolDefinition {}
}
