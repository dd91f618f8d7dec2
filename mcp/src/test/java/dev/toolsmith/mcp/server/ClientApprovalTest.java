package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A guarded registry served on stdio asks its client to approve the destructive {@code
 * delete_file}: the TypeScript SDK 1.32.2 answers {@code elicitation/create} in its legacy session,
 * the TypeScript SDK v2 (2.4.0, pinned to 2026-07-28) an {@code input_required} result, and a
 * client that declared no elicitation gets the refusal. A legacy session is one guard session (the
 * loop guard stops the third identical call, an approval for the session is not asked again); each
 * 2026-07-28 request is its own.
 */
@Timeout(300)
final class ClientApprovalTest {

  private static final String DECLINED =
      "{\"error\":\"Tool delete_file was not approved: the user declined\"}";
  private static final String CANNOT_ASK =
      "{\"error\":\"Tool delete_file was not approved: " + ClientApproval.CANNOT_ASK + "\"}";
  private static final String QUESTION_A =
      "Allow the tool delete_file to run (the tool is destructive)? Arguments: {\"path\":\"a.txt\"}";
  private static final String QUESTION_B =
      "Allow the tool delete_file to run (the tool is destructive)? Arguments: {\"path\":\"b.txt\"}";

  @Test
  void aLegacyClientAnswersElicitationsAndItsSessionRemembersCalls() throws Exception {
    Map<String, JsonNode> steps = run("legacy", "accept,decline");
    assertRan("first", "{\"deleted\":\"a.txt\"}", steps);
    assertRefused("second", DECLINED, steps);
    assertEquals(List.of(QUESTION_A, QUESTION_B), questions(steps));
    assertRan("count2", "{\"files\":3}", steps);
    assertRefused("count3", "it was already called 2 times with the same arguments", steps);
  }

  @Test
  void aLegacyApprovalForTheSessionIsNotAskedAgain() throws Exception {
    Map<String, JsonNode> steps = run("legacy", "session");
    assertRan("first", "{\"deleted\":\"a.txt\"}", steps);
    assertRan("second", "{\"deleted\":\"b.txt\"}", steps);
    assertEquals(List.of(QUESTION_A), questions(steps));
  }

  @Test
  void aModernClientAnswersInputRequiredAndEachRequestIsItsOwnSession() throws Exception {
    Map<String, JsonNode> steps = run("modern", "accept,decline");
    assertRan("first", "{\"deleted\":\"a.txt\"}", steps);
    assertRefused("second", DECLINED, steps);
    assertEquals(List.of(QUESTION_A, QUESTION_B), questions(steps));
    assertRan("count3", "{\"files\":3}", steps); // no loop guard across requests
  }

  @Test
  void aModernApprovalForTheSessionApprovesOneCall() throws Exception {
    Map<String, JsonNode> steps = run("modern", "session,decline");
    assertRan("first", "{\"deleted\":\"a.txt\"}", steps);
    assertRefused("second", DECLINED, steps);
  }

  @Test
  void clientsThatCannotBeAskedGetTheRefusal() throws Exception {
    for (String client : List.of("legacy-mute", "modern-mute")) {
      Map<String, JsonNode> steps = run(client, "accept");
      assertRefused("first", CANNOT_ASK, steps);
      assertEquals(List.of(), questions(steps), client);
      assertRan("count1", "{\"files\":3}", steps);
    }
  }

  private static void assertRan(String step, String text, Map<String, JsonNode> steps) {
    JsonNode result = steps.get(step);
    assertFalse(result.path("isError").asBoolean(true), result::toString);
    assertEquals(text, result.get("text").asText(), result::toString);
  }

  private static void assertRefused(String step, String text, Map<String, JsonNode> steps) {
    JsonNode result = steps.get(step);
    assertEquals(true, result.path("isError").asBoolean(false), result::toString);
    String said = result.get("text").asText();
    assertEquals(true, said.equals(text) || said.contains(text), () -> said + " lacks " + text);
  }

  private static List<String> questions(Map<String, JsonNode> steps) {
    List<String> questions = new ArrayList<>();
    steps.get("asked").get("questions").forEach(question -> questions.add(question.asText()));
    return questions;
  }

  private static Map<String, JsonNode> run(String client, String answers) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return TypeScriptSession.run(
        "approval.mjs",
        List.of(
            client,
            answers,
            "stdio",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ServeGuarded.class.getName()));
  }
}
