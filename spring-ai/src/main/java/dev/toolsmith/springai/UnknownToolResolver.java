package dev.toolsmith.springai;

import dev.toolsmith.runtime.result.ToolCallResult;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/**
 * Answers a call of a tool the request did not offer as the registry answers an unknown name,
 * {@code {"error":"Unknown tool: NAME"}}, instead of Spring AI's default of ending the turn with an
 * {@code IllegalStateException}. It never runs a tool: a name the request did not offer is unknown
 * to the model whatever the registry holds.
 *
 * <pre>{@code
 * ToolCallingManager manager = ToolCallingManager.builder()
 *     .toolCallbackResolver(new UnknownToolResolver())
 *     .resolutionFallbackEnabled(true) // Spring AI asks the resolver only for names not offered
 *     .build();
 * }</pre>
 */
public final class UnknownToolResolver implements ToolCallbackResolver {

  private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{}}";

  @Override
  public ToolCallback resolve(String toolName) {
    String name = toolName == null ? "null" : toolName;
    ToolDefinition definition =
        ToolDefinition.builder()
            .name(name.isBlank() ? "unknown" : name)
            .description("Unknown tool")
            .inputSchema(SCHEMA)
            .build();
    String answer = ToolCallResult.unknownTool(name).text();
    return new ToolCallback() {
      @Override
      public ToolDefinition getToolDefinition() {
        return definition;
      }

      @Override
      public String call(String toolInput) {
        return answer;
      }

      @Override
      public String call(String toolInput, @Nullable ToolContext toolContext) {
        return answer;
      }
    };
  }
}
