package dev.toolsmith.langchain4j;

import static dev.toolsmith.langchain4j.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.assistant.Main;
import dev.toolsmith.runtime.discovery.Discovery;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's LangChain4j example ({@code com.example.assistant}), on a scripted model. */
class ReadmeExampleTest {

  @Test
  void theReadmeAssistantAnswersThroughTheWeatherTool() {
    ScriptedChatModel model =
        new ScriptedChatModel(List.of(call("call_1", "weather_in", "{\"city\":\"Paris\"}")));

    String answer =
        Main.assistant(model, Discovery.discover()).chat("What's the weather in Paris today?");

    assertEquals("weather_in=Sunny, 21 °C in Paris", answer);
    assertTrue(model.offeredNames(0).contains("weather_in"));
  }
}
