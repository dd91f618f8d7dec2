package dev.toolsmith.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * A chat model without a network: the first turn of each AI service call asks for the scripted tool
 * calls, the next answers with the tool results it received, one {@code name=result} line each
 * ({@code !} marks a result flagged as an error). It keeps every request.
 */
final class ScriptedChatModel implements ChatModel {

  final List<ChatRequest> requests = new ArrayList<>();
  private final List<ToolExecutionRequest> calls;

  ScriptedChatModel(List<ToolExecutionRequest> calls) {
    this.calls = List.copyOf(calls);
  }

  static ToolExecutionRequest call(String id, String name, String arguments) {
    return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    requests.add(request);
    List<ChatMessage> messages = request.messages();
    boolean answering = messages.get(messages.size() - 1) instanceof ToolExecutionResultMessage;
    AiMessage message =
        answering || calls.isEmpty() ? AiMessage.from(results(messages)) : AiMessage.from(calls);
    return ChatResponse.builder().aiMessage(message).build();
  }

  private static String results(List<ChatMessage> messages) {
    List<String> lines = new ArrayList<>();
    for (ChatMessage message : messages) {
      if (message instanceof ToolExecutionResultMessage result) {
        String flag = Boolean.TRUE.equals(result.isError()) ? "!" : "";
        lines.add(result.toolName() + flag + "=" + result.text());
      }
    }
    return lines.isEmpty() ? "no tools called" : String.join("\n", lines);
  }

  /** The names of the tools offered in the {@code index}-th request (from 0). */
  List<String> offeredNames(int index) {
    return requests.get(index).toolSpecifications().stream().map(ToolSpecification::name).toList();
  }
}
