package dev.toolsmith.example;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.ObjectMappers;
import com.anthropic.errors.AnthropicException;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUnion;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A chat over Anthropic's Messages API, with anthropic-java. */
final class AnthropicConversation implements Conversation {

  private static final TypeReference<List<ToolUnion>> TOOLS = new TypeReference<>() {};

  private final AnthropicClient client;
  private final ToolRegistry registry;
  private final List<String> offered;
  private final MessageCreateParams.Builder history;

  private AnthropicConversation(
      AnthropicClient client,
      String model,
      long maxTokens,
      ToolRegistry registry,
      List<String> offered) {
    this.client = client;
    this.registry = registry;
    this.offered = offered;
    this.history = MessageCreateParams.builder().model(model).maxTokens(maxTokens);
  }

  /**
   * A conversation with {@code model} at {@code baseUrl} (the client's default when null), offering
   * the tools named {@code offered}, each reply at most {@code maxTokens} long.
   */
  static AnthropicConversation open(
      @Nullable String baseUrl,
      @Nullable String apiKey,
      String model,
      long maxTokens,
      ToolRegistry registry,
      List<String> offered) {
    AnthropicOkHttpClient.Builder client = AnthropicOkHttpClient.builder();
    if (baseUrl != null) {
      client.baseUrl(baseUrl);
    }
    if (apiKey != null) {
      client.apiKey(apiKey);
    }
    return new AnthropicConversation(client.build(), model, maxTokens, registry, offered);
  }

  @Override
  public void addUserMessage(String text) {
    history.addUserMessage(text);
  }

  @Override
  public Reply next() {
    // The definitions are asked for at every request: availability may change between requests.
    List<ToolUnion> tools = tools(registry.definitions(offered, DefinitionFormat.ANTHROPIC));
    MessageCreateParams params =
        tools.isEmpty() ? history.build() : history.build().toBuilder().tools(tools).build();
    Message message;
    try {
      message = client.messages().create(params);
    } catch (AnthropicException e) {
      throw new ApiFailure(e);
    }
    history.addMessage(message);
    StringBuilder text = new StringBuilder();
    List<ToolCall> calls = new ArrayList<>();
    for (ContentBlock block : message.content()) {
      block.text().ifPresent(t -> text.append(text.length() == 0 ? "" : "\n").append(t.text()));
      block
          .toolUse()
          .ifPresent(use -> calls.add(new ToolCall(use.id(), use.name(), json(use._input()))));
    }
    boolean refused = message.stopReason().map(StopReason.REFUSAL::equals).orElse(false);
    // A refusal is a stop reason here; any text before it is the model's words.
    return new Reply(text.toString(), refused ? "(stop reason: refusal)" : null, calls);
  }

  @Override
  public void addToolResults(List<ToolCall> calls, List<String> results) {
    List<ContentBlockParam> blocks = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      blocks.add(
          ContentBlockParam.ofToolResult(
              ToolResultBlockParam.builder()
                  .toolUseId(calls.get(i).id())
                  .content(results.get(i))
                  .isError(Json.isError(results.get(i)))
                  .build()));
    }
    history.addUserMessageOfContentBlockParams(blocks);
  }

  /** The registry's definitions in the Anthropic shape, read into the client's own types. */
  static List<ToolUnion> tools(String definitions) {
    try {
      return ObjectMappers.jsonMapper().readValue(definitions, TOOLS);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String json(Object value) {
    try {
      return ObjectMappers.jsonMapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
