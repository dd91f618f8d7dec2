package dev.toolsmith.springai;

import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The portable {@code search_tools} tool as a Spring AI callback: {@link
 * DeferredDefinitions#answer} runs the registry's search and records the found tools in the
 * conversation's session.
 */
final class SearchToolCallback implements ToolCallback {

  private final DeferredDefinitions deferred;
  private final ToolSession session;
  private final ToolDefinition definition;

  SearchToolCallback(DeferredDefinitions deferred, ToolSession session) {
    this.deferred = deferred;
    this.session = session;
    this.definition =
        ToolDefinition.builder()
            .name(deferred.searchToolName())
            .description(deferred.searchToolDefinition().description())
            .inputSchema(deferred.searchToolDefinition().schema())
            .build();
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return definition;
  }

  /** The matches, or one line saying what the search needs; never throws. */
  @Override
  public String call(String toolInput) {
    return deferred.answer(DefinitionFormat.OPENAI, "", toolInput, session);
  }

  @Override
  public String call(String toolInput, @Nullable ToolContext toolContext) {
    return call(toolInput);
  }

  @Override
  public String toString() {
    return "SearchToolCallback{" + definition.name() + "}";
  }
}
