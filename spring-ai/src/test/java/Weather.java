import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.springai.ToolsmithToolCallbackProvider;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;

final class Weather {
  static String ask(ChatModel chatModel, ToolRegistry registry) {
    ToolsmithToolCallbackProvider tools =
        ToolsmithToolCallbackProvider.builder(registry)
            .toolsets(List.of("weather", "time"), List.of()) // default: every tool
            .build();
    return ChatClient.create(chatModel)
        .prompt("What's the weather in Paris today?")
        .toolCallbacks(tools)
        .toolContext(Map.of("user", "ada")) // reaches the tools' ToolContext attributes
        .call()
        .content();
  }
}
