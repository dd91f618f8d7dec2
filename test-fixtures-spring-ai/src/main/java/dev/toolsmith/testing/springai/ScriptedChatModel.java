package dev.toolsmith.testing.springai;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A chat model without a network: the first turns ask for the scripted tool calls, every later turn
 * answers with the tool results it received, one {@code name=result} line each. It keeps every
 * prompt, so a test can see what the framework sent.
 */
public final class ScriptedChatModel implements ChatModel {

  private final List<Prompt> prompts = new ArrayList<>();
  private final List<List<AssistantMessage.ToolCall>> turns;

  /** A model that asks for {@code calls} in its first turn. */
  public ScriptedChatModel(List<AssistantMessage.ToolCall> calls) {
    this.turns = List.of(List.copyOf(calls));
  }

  private ScriptedChatModel(List<List<AssistantMessage.ToolCall>> turns, boolean unused) {
    this.turns = turns.stream().map(List::copyOf).toList();
  }

  /** A model that asks for {@code turns.get(i)} in its turn {@code i}, then answers. */
  public static ScriptedChatModel turns(List<List<AssistantMessage.ToolCall>> turns) {
    return new ScriptedChatModel(turns, true);
  }

  /** One scripted tool call. */
  public static AssistantMessage.ToolCall call(String id, String name, String arguments) {
    return new AssistantMessage.ToolCall(id, "function", name, arguments);
  }

  @Override
  public ChatOptions getOptions() {
    return ToolCallingChatOptions.builder().build();
  }

  @Override
  public ChatResponse call(Prompt prompt) {
    prompts.add(prompt);
    AssistantMessage answer =
        prompts.size() <= turns.size()
            ? AssistantMessage.builder()
                .content("")
                .toolCalls(turns.get(prompts.size() - 1))
                .build()
            : new AssistantMessage(results(prompt.getInstructions()));
    return new ChatResponse(List.of(new Generation(answer)));
  }

  /** The tool results of the last tool response message, one line each. */
  private static String results(List<Message> messages) {
    List<String> lines = new ArrayList<>();
    for (Message message : messages) {
      if (message instanceof ToolResponseMessage response) {
        lines.clear();
        response.getResponses().forEach(r -> lines.add(r.name() + "=" + r.responseData()));
      }
    }
    return String.join("\n", lines);
  }

  /** Every prompt received, in order. */
  public List<Prompt> prompts() {
    return Collections.unmodifiableList(prompts);
  }

  /**
   * The tool definitions of the {@code turn}-th request (from 0), resolved as Spring AI's own chat
   * models resolve them before writing the provider's request.
   */
  public List<ToolDefinition> offered(int turn) {
    ToolCallingChatOptions options =
        requireNonNull(
            (ToolCallingChatOptions) prompts.get(turn).getOptions(), "the prompt has no options");
    return ToolCallingManager.builder().build().resolveToolDefinitions(options);
  }

  /** The names of the tools offered in the {@code turn}-th request. */
  public List<String> offeredNames(int turn) {
    return offered(turn).stream().map(ToolDefinition::name).toList();
  }
}
