package dev.toolsmith.runtime.tool;

import java.util.concurrent.CompletionStage;

/**
 * Calls one tool with the model's JSON arguments and returns the result as the string the model
 * sees.
 *
 * <p>Generated adapters implement {@link Sync} or {@link Async}; so can hand-written and MCP tools.
 * A handler may throw: the registry's {@code dispatch} turns every failure into an error result.
 */
public sealed interface ToolHandler permits ToolHandler.Sync, ToolHandler.Async {

  /** A handler whose result is ready when it returns. */
  @FunctionalInterface
  non-sealed interface Sync extends ToolHandler {
    /** Reads {@code argumentsJson}, runs the tool and returns its result text. */
    String call(String argumentsJson, ToolContext context) throws Exception;
  }

  /** A handler whose result completes later; the registry completes it for the caller. */
  @FunctionalInterface
  non-sealed interface Async extends ToolHandler {
    /** Reads {@code argumentsJson}, starts the tool and returns its future result text. */
    CompletionStage<String> call(String argumentsJson, ToolContext context) throws Exception;
  }
}
