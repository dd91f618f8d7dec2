package com.example.assistant;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.toolsmith.langchain4j.ToolsmithToolProvider;
import dev.toolsmith.langchain4j.UnknownToolStrategy;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;

/** Asks the model one question; the model calls weather_in on its way to the answer. */
public final class Main {
  private Main() {}

  /** The AI service: LangChain4j implements it. */
  public interface Assistant {
    String chat(String message);
  }

  /** An assistant on {@code model} that may call every tool of {@code registry}. */
  public static Assistant assistant(ChatModel model, ToolRegistry registry) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .toolProvider(ToolsmithToolProvider.of(registry))
        .hallucinatedToolNameStrategy(new UnknownToolStrategy())
        .build();
  }

  public static void main(String[] args) {
    ChatModel model =
        OpenAiChatModel.builder()
            .apiKey(System.getenv("OPENAI_API_KEY"))
            .modelName("gpt-4o-mini")
            .build();
    Assistant assistant = assistant(model, Discovery.discover());
    System.out.println(assistant.chat("What's the weather in Paris today?"));
  }
}
