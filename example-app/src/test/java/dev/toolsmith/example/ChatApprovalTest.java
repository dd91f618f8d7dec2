package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.example.CliTest.Run;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chat} asks the person at the terminal before a destructive tool, on its standard input,
 * against a loopback server replaying a model that calls {@code write_file}.
 */
final class ChatApprovalTest {

  private static final String ASKED =
      "approve write_file {\"path\":\"note.txt\",\"text\":\"hi\"}? (the tool is destructive)"
          + " [y]es once, [a]lways this session, [N]o:\n";

  @TempDir Path workspace;

  private Run chat(ReplayServer server, String stdinText) {
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream(stdinText.getBytes(StandardCharsets.UTF_8)));
      return CliTest.run(
          "--workspace",
          workspace.toString(),
          "chat",
          "--base-url",
          server.openAiBaseUrl(),
          "--model",
          "replayed-model",
          "--api-key-env",
          "TOOLSMITH_CHAT_TEST_UNSET",
          "--toolsets",
          "files",
          "Write hi to note.txt");
    } finally {
      System.setIn(stdin);
    }
  }

  private static String toolResultSent(ReplayServer server) {
    JsonNode messages = server.requests().get(1).body().get("messages");
    return messages.get(messages.size() - 1).get("content").asText();
  }

  @Test
  void noAtTheTerminalKeepsTheToolFromRunningAndTellsTheModel() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-write-file")) {
      Run run = chat(server, "n\n");

      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains(ASKED), run.out());
      assertFalse(Files.exists(workspace.resolve("note.txt")));
      assertEquals(
          "{\"error\":\"Tool write_file was not approved: the user declined at the terminal\"}",
          toolResultSent(server));
      assertTrue(run.out().endsWith("assistant> Done.\n"), run.out());
    }
  }

  @Test
  void yesAtTheTerminalRunsTheTool() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-write-file")) {
      Run run = chat(server, "y\n");

      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains(ASKED), run.out());
      assertEquals("hi", Files.readString(workspace.resolve("note.txt")));
      assertTrue(toolResultSent(server).contains("\"path\":\"note.txt\""), toolResultSent(server));
    }
  }

  @Test
  void noAnswerAtAllIsANo() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-write-file")) {
      Run run = chat(server, "");

      assertEquals(0, run.exitCode(), run.err());
      assertFalse(Files.exists(workspace.resolve("note.txt")));
      assertEquals(
          "{\"error\":\"Tool write_file was not approved: no answer at the terminal\"}",
          toolResultSent(server));
    }
  }
}
