package dev.toolsmith.springai;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import reactor.core.publisher.Flux;

/**
 * Leaves the deferred, not yet found tools out of each model request. It runs inside Spring AI's
 * {@code ToolCallingAdvisor} (a higher order), so it sees every round of the tool-calling loop,
 * while that advisor executes calls with the request's full callbacks: hidden tools stay callable.
 */
final class DeferringAdvisor implements CallAdvisor, StreamAdvisor {

  private final Supplier<List<String>> hidden;

  DeferringAdvisor(Supplier<List<String>> hidden) {
    this.hidden = hidden;
  }

  @Override
  public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
    return chain.nextCall(withoutHidden(request));
  }

  @Override
  public Flux<ChatClientResponse> adviseStream(
      ChatClientRequest request, StreamAdvisorChain chain) {
    return chain.nextStream(withoutHidden(request));
  }

  private ChatClientRequest withoutHidden(ChatClientRequest request) {
    Prompt prompt = request.prompt();
    if (!(prompt.getOptions() instanceof ToolCallingChatOptions options)) {
      return request;
    }
    List<ToolCallback> callbacks = options.getToolCallbacks();
    Set<String> left = new HashSet<>(hidden.get());
    if (callbacks == null || left.isEmpty()) {
      return request;
    }
    List<ToolCallback> shown =
        callbacks.stream()
            .filter(callback -> !left.contains(callback.getToolDefinition().name()))
            .toList();
    ToolCallingChatOptions trimmed = options.mutate().toolCallbacks(shown).build();
    return request.mutate().prompt(prompt.mutate().chatOptions(trimmed).build()).build();
  }

  @Override
  public String getName() {
    return "ToolsmithToolSearch";
  }

  /** Just inside the tool-calling loop, so each of its requests comes through here. */
  @Override
  public int getOrder() {
    return ToolCallingAdvisor.DEFAULT_ORDER + 1;
  }
}
