package dev.toolsmith.example;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.ObjectMappers;
import com.openai.errors.OpenAIException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.openai.models.chat.completions.ChatCompletionTool;
import com.openai.models.chat.completions.ChatCompletionToolMessageParam;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A chat over OpenAI's Chat Completions API (or any endpoint that speaks it), with openai-java. */
final class OpenAiConversation implements Conversation {

  private static final TypeReference<List<ChatCompletionTool>> TOOLS = new TypeReference<>() {};

  private final OpenAIClient client;
  private final ToolRegistry registry;
  private final List<String> offered;
  private final ChatCompletionCreateParams.Builder history;
  private final @Nullable DeferredDefinitions deferred;
  private final ToolSession session;

  private OpenAiConversation(
      OpenAIClient client,
      String model,
      ToolRegistry registry,
      List<String> offered,
      @Nullable DeferredDefinitions deferred,
      ToolSession session) {
    this.client = client;
    this.registry = registry;
    this.offered = offered;
    this.history = ChatCompletionCreateParams.builder().model(model);
    this.deferred = deferred;
    this.session = session;
  }

  /**
   * A conversation with {@code model} at {@code baseUrl} (the client's default when null), offering
   * the tools named {@code offered}; {@code apiKey} may be null for an endpoint that needs none.
   * With {@code deferred}, each request lists what it gives for {@code session} instead.
   */
  static OpenAiConversation open(
      @Nullable String baseUrl,
      @Nullable String apiKey,
      String model,
      ToolRegistry registry,
      List<String> offered,
      @Nullable DeferredDefinitions deferred,
      ToolSession session) {
    OpenAIOkHttpClient.Builder client = OpenAIOkHttpClient.builder();
    if (baseUrl != null) {
      client.baseUrl(baseUrl);
    }
    // The client refuses to start without a key; a local server ignores the one it gets.
    client.apiKey(apiKey != null ? apiKey : "none");
    return new OpenAiConversation(client.build(), model, registry, offered, deferred, session);
  }

  @Override
  public void addUserMessage(String text) {
    history.addUserMessage(text);
  }

  @Override
  public Reply next() {
    // The definitions are asked for at every request: availability may change between requests.
    // Deferred: the always-loaded tools, those the model found, and the search function.
    DeferredDefinitions search = deferred;
    List<ChatCompletionTool> tools =
        tools(
            search != null
                ? search.definitions(DefinitionFormat.OPENAI, session)
                : registry.definitions(offered, DefinitionFormat.OPENAI));
    ChatCompletionCreateParams params =
        tools.isEmpty() ? history.build() : history.build().toBuilder().tools(tools).build();
    ChatCompletion completion;
    try {
      completion = client.chat().completions().create(params);
    } catch (OpenAIException e) {
      throw new ApiFailure(e);
    }
    if (completion.choices().isEmpty()) {
      throw new IllegalStateException("the model's reply has no choices");
    }
    ChatCompletionMessage message = completion.choices().get(0).message();
    history.addMessage(message);
    List<ToolCall> calls = new ArrayList<>();
    for (ChatCompletionMessageToolCall call : message.toolCalls().orElse(List.of())) {
      call.function()
          .ifPresent(
              f -> calls.add(new ToolCall(f.id(), f.function().name(), f.function().arguments())));
      call.custom()
          .ifPresent(c -> calls.add(new ToolCall(c.id(), c.custom().name(), c.custom().input())));
    }
    return new Reply(message.content().orElse(""), message.refusal().orElse(null), calls);
  }

  @Override
  public void addToolResults(List<ToolCall> calls, List<String> results) {
    for (int i = 0; i < calls.size(); i++) {
      history.addMessage(
          ChatCompletionToolMessageParam.builder()
              .toolCallId(calls.get(i).id())
              .content(results.get(i))
              .build());
    }
  }

  /** The registry's definitions in the OpenAI shape, read into the client's own types. */
  static List<ChatCompletionTool> tools(String definitions) {
    try {
      return ObjectMappers.jsonMapper().readValue(definitions, TOOLS);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
