package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.result.ErrorSanitizer;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A handler that fails with a {@link ToolFailureException}: its kind is the call's outcome. */
class ToolFailureTest {

  private static ToolRegistry registryFailingWith(ToolFailureException failure, boolean async) {
    ToolRegistry registry = ToolRegistry.create();
    ToolHandler handler =
        async
            ? (ToolHandler.Async) (args, context) -> CompletableFuture.failedFuture(failure)
            : (ToolHandler.Sync)
                (args, context) -> {
                  throw failure;
                };
    registry.register(Fixtures.tool("remote", "mcp").handler(handler).build());
    return registry;
  }

  @Test
  void eachKindIsItsOutcomeAndTheModelGetsTheMessageAsItIs() {
    assertFails(
        ToolFailureException.unavailable("MCP server 'files' is closed"),
        ToolCallResult.Outcome.UNAVAILABLE,
        "{\"error\":\"MCP server 'files' is closed\"}");
    assertFails(
        ToolFailureException.timeout("timed out after 30 s"),
        ToolCallResult.Outcome.TIMEOUT,
        "{\"error\":\"timed out after 30 s\"}");
    assertFails(
        ToolFailureException.cancelled("was cancelled"),
        ToolCallResult.Outcome.CANCELLED,
        "{\"error\":\"was cancelled\"}");
    assertFails(
        ToolFailureException.failed("server said no"),
        ToolCallResult.Outcome.TOOL_FAILURE,
        "{\"error\":\"server said no\"}");
  }

  private static void assertFails(
      ToolFailureException failure, ToolCallResult.Outcome outcome, String text) {
    for (boolean async : new boolean[] {false, true}) {
      ToolRegistry registry = registryFailingWith(failure, async);
      ToolCallResult result = registry.call("remote", "{}");
      assertEquals(outcome, result.outcome(), result.text());
      assertEquals(text, result.text());
      assertSame(failure, result.failure());
      assertEquals(text, registry.dispatch("remote", "{}"));
    }
  }

  @Test
  void fieldsFollowTheMessageInTheOrderAddedAndCannotReplaceIt() {
    ToolFailureException failure =
        ToolFailureException.failed("quota")
            .withField("retry_after", 30)
            .withField("error", "ignored")
            .withField("tool", List.of("a", "b"));
    assertEquals(
        "{\"error\":\"quota\",\"retry_after\":30,\"tool\":[\"a\",\"b\"]}",
        registryFailingWith(failure, false).dispatch("remote", "{}"));
    assertEquals(ToolFailureException.Kind.FAILED, failure.kind());
  }

  @Test
  void theMessageIsSanitizedAndCutLikeEveryErrorMessage() {
    ToolRegistry registry =
        ToolRegistry.builder()
            .errorSanitizer(ErrorSanitizer.defaults())
            .resultBudget(ResultBudget.builder().maxErrorChars(10).build())
            .build();
    registry.register(
        Fixtures.tool("remote", "mcp")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw ToolFailureException.unavailable("x".repeat(50));
                    })
            .build());
    ToolCallResult result = registry.call("remote", "{}");
    assertEquals(ToolCallResult.Outcome.UNAVAILABLE, result.outcome());
    assertEquals(
        "{\"error\":\"" + "x".repeat(10) + ResultBudget.TRUNCATION_MARKER + "\"}", result.text());
  }

  @Test
  void theCallersCancelWinsOverTheKindTheToolSays() {
    ToolRegistry registry = registryFailingWith(ToolFailureException.unavailable("gone"), false);
    ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
    control.cancel();
    ToolCallResult result = registry.call("remote", "{}", ToolContext.empty().withControl(control));
    assertEquals(ToolCallResult.Outcome.CANCELLED, result.outcome());
  }

  @Test
  void observersSeeTheOutcome() {
    ToolRegistry registry = registryFailingWith(ToolFailureException.timeout("slow"), true);
    List<ToolCallResult> told = new ArrayList<>();
    registry.addObserver(call -> told::add);
    registry.dispatch("remote", "{}");
    assertEquals(ToolCallResult.Outcome.TIMEOUT, told.get(0).outcome());
  }

  @Test
  void aNullMessageOrFieldIsRefusedWhereItIsMade() {
    assertThrows(NullPointerException.class, () -> ToolFailureException.failed(null));
    assertThrows(
        NullPointerException.class, () -> ToolFailureException.failed("m").withField("k", null));
  }
}
