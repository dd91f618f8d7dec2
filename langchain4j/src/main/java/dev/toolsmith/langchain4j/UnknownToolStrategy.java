package dev.toolsmith.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.toolsmith.runtime.result.ToolCallResult;
import java.util.function.Function;

/**
 * Answers a call of a tool the AI service did not offer as the registry answers an unknown name,
 * {@code {"error":"Unknown tool: NAME"}} marked as an error, instead of LangChain4j's default of
 * ending the call with an exception. It never runs a tool.
 *
 * <pre>{@code
 * AiServices.builder(Assistant.class)
 *     .chatModel(model)
 *     .toolProvider(ToolsmithToolProvider.of(registry))
 *     .hallucinatedToolNameStrategy(new UnknownToolStrategy())
 *     .build();
 * }</pre>
 */
public final class UnknownToolStrategy
    implements Function<ToolExecutionRequest, ToolExecutionResultMessage> {

  @Override
  public ToolExecutionResultMessage apply(ToolExecutionRequest request) {
    return ToolExecutionResultMessage.builder()
        .id(request.id())
        .toolName(request.name())
        .text(ToolCallResult.unknownTool(request.name()).text())
        .isError(true)
        .build();
  }
}
