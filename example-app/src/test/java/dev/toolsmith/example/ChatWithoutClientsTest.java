package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code chat} where the provider clients are absent, as in {@code toolsmith-example-app.jar}: one
 * line naming the jar that holds them, exit code 1, no stack trace.
 */
final class ChatWithoutClientsTest {

  @ParameterizedTest
  @CsvSource({"openai, openai-java", "anthropic, anthropic-java"})
  void chatNamesTheJarWithTheClientsAndExits1(String format, String client) throws Exception {
    List<String> classPath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains("openai-java") && !entry.contains("anthropic-java")) {
        classPath.add(entry);
      }
    }
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                String.join(File.pathSeparator, classPath),
                Toolsmith.class.getName(),
                "chat",
                "--format",
                format,
                "--model",
                "any",
                "Hello")
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertEquals(1, process.exitValue(), err);
    assertEquals("", out);
    assertEquals(
        "chat: "
            + client
            + " is not in this jar; the chat clients are in "
            + ChatCommand.JAR_WITH_CLIENTS
            + "\n",
        err);
    assertFalse(err.contains("Exception") || err.contains("Error"), err);
  }
}
