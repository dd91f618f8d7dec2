import static dev.toolsmith.testing.springai.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.testing.springai.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's Spring AI example without Spring Boot ({@code Weather}), on a scripted model. */
class ReadmeSnippetTest {

  @Test
  void theReadmeExampleOffersTheSelectedToolsetsAndPassesTheContext() {
    ScriptedChatModel model =
        new ScriptedChatModel(List.of(call("call_1", "weather", "{\"city\":\"Paris\"}")));

    String answer = Weather.ask(model, Discovery.discover());

    assertEquals("weather=Sunny in Paris", answer);
    assertEquals(List.of("weather"), model.offeredNames(0));
  }
}
