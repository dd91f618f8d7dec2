package dev.toolsmith.runtime;

import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import org.jspecify.annotations.Nullable;

/** Answers one call on one registry snapshot: the call pipeline, or observers around it. */
interface ToolCaller {

  /**
   * The value the call of {@code name} answers with; never throws.
   *
   * @param name as the caller gave it; null for none (an unknown tool)
   */
  ToolCallResult call(
      RegistryState snapshot, @Nullable String name, String arguments, ToolContext context);
}
