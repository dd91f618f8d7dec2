package dev.toolsmith.spring.boot;

import static dev.toolsmith.testing.springai.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.weather.WeatherApp;
import dev.toolsmith.testing.springai.ScriptedChatModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The README's minimal Spring Boot application ({@code com.example.weather}, the same classes),
 * started as a real Spring Boot application with a scripted chat model in place of OpenAI's.
 */
class ReadmeApplicationTest {

  @Test
  void theReadmeApplicationAnswersThroughTheWeatherTool() {
    ScriptedChatModel model =
        new ScriptedChatModel(List.of(call("call_1", "weather", "{\"city\":\"Paris\"}")));
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(WeatherApp.class)
            .web(WebApplicationType.NONE)
            .properties("spring.ai.mcp.server.enabled=false", "spring.main.banner-mode=off")
            .initializers(app -> app.getBeanFactory().registerSingleton("chatModel", model))
            .run()) {
      assertSame(model, context.getBean(ChatModel.class));
    } finally {
      System.setOut(out);
    }

    String output = printed.toString(StandardCharsets.UTF_8);
    assertTrue(output.contains("weather=Sunny, 21 °C in Paris"), output);
    assertTrue(model.offeredNames(0).contains("weather"), model.offeredNames(0).toString());
  }
}
