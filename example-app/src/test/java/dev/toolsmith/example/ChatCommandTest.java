package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.example.CliTest.Run;
import dev.toolsmith.example.ReplayServer.Request;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code chat} with the real openai-java and anthropic-java clients against a loopback server that
 * replays recorded, real-shaped replies: what the clients sent (our definitions, the tool results
 * under the model's call ids, the key) and what the command printed.
 */
final class ChatCommandTest {

  /** Set for the tests by surefire (see the pom); a real key is never in a test. */
  private static final String KEY_VARIABLE = "TOOLSMITH_CHAT_TEST_KEY";

  private static final String KEY = "sk-replay-only-not-a-real-key";
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String TOOLSETS = "math,time";
  private static final String TOKYO =
      "{\"dateTime\":\"2026-12-03T09:30\",\"fromZone\":\"Europe/Paris\",\"toZone\":\"Asia/Tokyo\"}";

  private static Run openAi(ReplayServer server, String... more) {
    return chat("openai", server.openAiBaseUrl(), more);
  }

  private static Run anthropic(ReplayServer server, String... more) {
    return chat("anthropic", server.origin(), more);
  }

  private static Run chat(String format, String baseUrl, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "chat",
                "--format",
                format,
                "--base-url",
                baseUrl,
                "--model",
                "replayed-model",
                "--api-key-env",
                KEY_VARIABLE,
                "--toolsets",
                TOOLSETS));
    args.addAll(List.of(more));
    Run run = CliTest.run(args.toArray(String[]::new));
    assertFalse(run.out().contains(KEY) || run.err().contains(KEY), "the key was printed");
    return run;
  }

  /** The registry's definitions for the selected toolsets, as `definitions` prints them. */
  private static JsonNode definitions(String format) throws Exception {
    return MAPPER.readTree(
        CliTest.run("definitions", "--format", format, "--toolsets", TOOLSETS).out());
  }

  /** What dispatching the call gives, as `call` prints it. */
  private static String result(String tool, String arguments) {
    return CliTest.run("call", tool, arguments).out().stripTrailing();
  }

  private static JsonNode messages(Request request) {
    return request.body().get("messages");
  }

  private static JsonNode last(JsonNode array) {
    return array.get(array.size() - 1);
  }

  private static void assertLiveLine(String out, String tool, String arguments, String outcome) {
    Pattern line =
        Pattern.compile(
            "(?m)^  \\S+ "
                + Pattern.quote(tool + " " + arguments + " -> " + outcome)
                + " \\(\\d+\\.\\d ms\\)$");
    assertTrue(line.matcher(out).find(), out);
  }

  @Test
  void openAiToolCallSendsOurDefinitionsAndTheResultUnderTheCallsId() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-tool-call")) {
      Run run = openAi(server, "What is 2^10?");

      assertEquals(0, run.exitCode(), run.err());
      List<Request> requests = server.requests();
      assertEquals(2, requests.size());
      Request first = requests.get(0);
      assertEquals("/v1/chat/completions", first.path());
      assertEquals("Bearer " + KEY, first.headers().get("Authorization"));
      assertEquals("replayed-model", first.body().get("model").asText());
      assertEquals(definitions("openai"), first.body().get("tools"));
      assertEquals(
          MAPPER.readTree("[{\"role\":\"user\",\"content\":\"What is 2^10?\"}]"), messages(first));
      JsonNode history = messages(requests.get(1));
      assertEquals(3, history.size(), history.toString());
      assertEquals("call_mX2p", history.get(1).get("tool_calls").get(0).get("id").asText());
      assertEquals("tool", last(history).get("role").asText());
      assertEquals("call_mX2p", last(history).get("tool_call_id").asText());
      String expected = result("calculate", "{\"expression\":\"2^10\"}");
      assertEquals(expected, last(history).get("content").asText());

      assertTrue(run.out().startsWith("user> What is 2^10?\n"), run.out());
      assertLiveLine(run.out(), "calculate", "{\"expression\":\"2^10\"}", "ok");
      assertTrue(run.out().endsWith("assistant> 2^10 is 1024.\n"), run.out());
    }
  }

  @Test
  void openAiChatAboveTheThresholdSendsTheSearchThenTheToolsTheModelFound() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-deferred")) {
      Run run = openAi(server, "--defer-above", "1", "What time is it in Tokyo?");

      assertEquals(0, run.exitCode(), run.err());
      List<Request> requests = server.requests();
      assertEquals(3, requests.size());
      assertEquals(List.of("search_tools"), toolNames(requests.get(0)));
      JsonNode searched = last(messages(requests.get(1)));
      assertEquals("call_S1", searched.get("tool_call_id").asText());
      JsonNode found = MAPPER.readTree(searched.get("content").asText()).get("tools");
      assertEquals("convert_time", found.get(0).get("name").asText());
      assertEquals(List.of("convert_time", "search_tools"), toolNames(requests.get(1)));
      assertEquals(List.of("convert_time", "search_tools"), toolNames(requests.get(2)));
      assertEquals(
          result("convert_time", TOKYO), last(messages(requests.get(2))).get("content").asText());
      assertLiveLine(run.out(), "convert_time", TOKYO, "ok");
    }
    try (ReplayServer server = ReplayServer.replaying("openai-tool-call")) {
      openAi(server, "--defer-above", "40", "What is 2^10?");
      assertEquals(definitions("openai"), server.requests().get(0).body().get("tools"));
    }
  }

  private static List<String> toolNames(Request request) {
    List<String> names = new ArrayList<>();
    request.body().get("tools").forEach(t -> names.add(t.get("function").get("name").asText()));
    return names;
  }

  @Test
  void openAiParallelCallsAreAllDispatchedAndAnsweredInTheirOrder() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-parallel")) {
      Run run = openAi(server, "17% of 2340, and 09:30 Paris in Tokyo?");

      assertEquals(0, run.exitCode(), run.err());
      JsonNode history = messages(server.requests().get(1));
      assertEquals(4, history.size(), history.toString());
      assertEquals("call_A7", history.get(2).get("tool_call_id").asText());
      assertEquals(
          result("calculate", "{\"expression\":\"2340 * 17 / 100\"}"),
          history.get(2).get("content").asText());
      assertEquals("call_B8", history.get(3).get("tool_call_id").asText());
      assertEquals(result("convert_time", TOKYO), history.get(3).get("content").asText());
      assertLiveLine(run.out(), "calculate", "{\"expression\":\"2340 * 17 / 100\"}", "ok");
      assertLiveLine(run.out(), "convert_time", TOKYO, "ok");
      assertTrue(run.out().contains("assistant> 17% of 2340 is 397.8"), run.out());
    }
  }

  @Test
  void openAiMalformedArgumentsGetOurErrorAndTheModelsCorrectionRuns() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-malformed")) {
      Run run = openAi(server, "What is 17% of 2340?");

      assertEquals(0, run.exitCode(), run.err());
      List<Request> requests = server.requests();
      assertEquals(3, requests.size());
      JsonNode refused = last(messages(requests.get(1)));
      assertEquals("call_r1", refused.get("tool_call_id").asText());
      JsonNode error = MAPPER.readTree(refused.get("content").asText());
      assertEquals("Invalid arguments for tool calculate", error.get("error").asText());
      JsonNode corrected = last(messages(requests.get(2)));
      assertEquals("call_r2", corrected.get("tool_call_id").asText());
      assertEquals(
          result("calculate", "{\"expression\":\"2340 * 17 / 100\"}"),
          corrected.get("content").asText());
      assertLiveLine(
          run.out(),
          "calculate",
          "{\"expression\":\"2340 * 17 / 100\"",
          "error: Invalid arguments for tool calculate");
      assertLiveLine(run.out(), "calculate", "{\"expression\":\"2340 * 17 / 100\"}", "ok");
    }
  }

  @Test
  void openAiRefusalIsPrintedAndEndsTheTurn() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-refusal")) {
      Run run = openAi(server, "Sign something dubious.");

      assertEquals(0, run.exitCode(), run.err());
      assertEquals(1, server.requests().size());
      assertEquals(
          "user> Sign something dubious.\n"
              + "assistant refused> I'm sorry, I can't help with that.\n",
          run.out());
    }
  }

  @Test
  void eachLineOfStandardInputIsAUserMessageInOneConversation() throws Exception {
    InputStream stdin = System.in;
    try (ReplayServer server = ReplayServer.replaying("ollama-plain")) {
      System.setIn(new ByteArrayInputStream("hello\n\nbye\n".getBytes(StandardCharsets.UTF_8)));
      // Ollama needs no key: the variable named is not set.
      Run run =
          CliTest.run(
              "chat",
              "--base-url",
              server.openAiBaseUrl(),
              "--model",
              "qwen3",
              "--api-key-env",
              "TOOLSMITH_CHAT_TEST_UNSET");

      assertEquals(0, run.exitCode(), run.err());
      assertEquals(
          "user> hello\nassistant> Hello! How can I help?\nuser> bye\nassistant> Goodbye!\n",
          run.out());
      JsonNode second = messages(server.requests().get(1));
      assertEquals(
          MAPPER.readTree(
              "[{\"role\":\"user\",\"content\":\"hello\"},"
                  + "{\"role\":\"assistant\",\"content\":\"Hello! How can I help?\"},"
                  + "{\"role\":\"user\",\"content\":\"bye\"}]"),
          second);
    } finally {
      System.setIn(stdin);
    }
  }

  @Test
  void aModelStillCallingToolsAfterMaxTurnsStopsWithExitCode1() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("openai-tool-call")) {
      Run run = openAi(server, "--max-turns", "1", "What is 2^10?");

      assertEquals(1, run.exitCode());
      assertEquals(1, server.requests().size());
      assertTrue(run.out().endsWith("after 1 requests (--max-turns)\n"), run.out());
    }
  }

  @Test
  void anApiErrorIsReportedOnStandardErrorWithExitCode1() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("nothing")) {
      Run run = openAi(server, "What is 2^10?");

      assertEquals(1, run.exitCode());
      assertEquals("user> What is 2^10?\n", run.out());
      assertTrue(run.err().startsWith("chat: InternalServerException: 500"), run.err());
    }
  }

  @Test
  void anthropicToolCallSendsOurDefinitionsAndTheResultUnderTheToolUseId() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("anthropic-tool-call")) {
      Run run = anthropic(server, "What is 2^10?");

      assertEquals(0, run.exitCode(), run.err());
      List<Request> requests = server.requests();
      assertEquals(2, requests.size());
      Request first = requests.get(0);
      assertEquals("/v1/messages", first.path());
      // anthropic-java 3.14 sends a static key as a bearer token (older clients: X-Api-Key)
      String sent = first.headers().getOrDefault("x-api-key", first.headers().get("Authorization"));
      assertTrue(KEY.equals(sent) || ("Bearer " + KEY).equals(sent), first.headers().toString());
      assertEquals("replayed-model", first.body().get("model").asText());
      assertEquals(4096, first.body().get("max_tokens").asInt());
      assertEquals(definitions("anthropic"), first.body().get("tools"));
      JsonNode history = messages(requests.get(1));
      assertEquals(3, history.size(), history.toString());
      assertEquals("assistant", history.get(1).get("role").asText());
      JsonNode results = last(history);
      assertEquals("user", results.get("role").asText());
      JsonNode block = results.get("content").get(0);
      assertEquals("tool_result", block.get("type").asText());
      assertEquals("toolu_01Aq", block.get("tool_use_id").asText());
      assertFalse(block.get("is_error").asBoolean());
      assertEquals(result("calculate", "{\"expression\":\"2^10\"}"), block.get("content").asText());

      assertEquals(
          List.of("user> What is 2^10?", "assistant> I'll calculate that."),
          run.out().lines().limit(2).toList());
      assertLiveLine(run.out(), "calculate", "{\"expression\":\"2^10\"}", "ok");
      assertTrue(run.out().endsWith("assistant> 2^10 is 1024.\n"), run.out());
    }
  }

  @Test
  void anthropicParallelToolUsesGetOneResultBlockEachInTheirOrder() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("anthropic-parallel")) {
      Run run = anthropic(server, "17% of 2340, and 09:30 Paris in Tokyo?");

      assertEquals(0, run.exitCode(), run.err());
      JsonNode blocks = last(messages(server.requests().get(1))).get("content");
      assertEquals(2, blocks.size(), blocks.toString());
      assertEquals("toolu_01Pa", blocks.get(0).get("tool_use_id").asText());
      assertEquals(
          result("calculate", "{\"expression\":\"2340 * 17 / 100\"}"),
          blocks.get(0).get("content").asText());
      assertEquals("toolu_01Pb", blocks.get(1).get("tool_use_id").asText());
      assertEquals(result("convert_time", TOKYO), blocks.get(1).get("content").asText());
      assertLiveLine(run.out(), "convert_time", TOKYO, "ok");
    }
  }

  @Test
  void anthropicInvalidArgumentsAreAnErrorResultTheModelCorrects() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("anthropic-malformed")) {
      Run run = anthropic(server, "What is 17% of 2340?");

      assertEquals(0, run.exitCode(), run.err());
      List<Request> requests = server.requests();
      assertEquals(3, requests.size());
      JsonNode refused = last(messages(requests.get(1))).get("content").get(0);
      assertEquals("toolu_01M1", refused.get("tool_use_id").asText());
      assertTrue(refused.get("is_error").asBoolean());
      assertEquals(
          "Invalid arguments for tool calculate",
          MAPPER.readTree(refused.get("content").asText()).get("error").asText());
      JsonNode corrected = last(messages(requests.get(2))).get("content").get(0);
      assertFalse(corrected.get("is_error").asBoolean());
      assertLiveLine(
          run.out(),
          "calculate",
          "{\"expression\":2340}",
          "error: Invalid arguments for tool calculate");
      assertLiveLine(run.out(), "calculate", "{\"expression\":\"2340 * 17 / 100\"}", "ok");
      assertTrue(run.out().endsWith("assistant> 17% of 2340 is 397.8.\n"), run.out());
    }
  }

  @Test
  void anthropicRefusalIsPrintedAndEndsTheTurn() throws Exception {
    try (ReplayServer server = ReplayServer.replaying("anthropic-refusal")) {
      Run run = anthropic(server, "Sign something dubious.");

      assertEquals(0, run.exitCode(), run.err());
      assertEquals(1, server.requests().size());
      assertEquals(
          "user> Sign something dubious.\nassistant refused> (stop reason: refusal)\n", run.out());
    }
  }
}
