package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.availability.ExplainedCheck;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DispatchTest {

  private final ToolRegistry registry = ToolRegistry.create();
  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
    Thread.interrupted(); // never leak an interrupt into the next test
  }

  private void sync(String name, ToolHandler.Sync handler) {
    registry.register(Fixtures.tool(name, "s").handler(handler).build());
  }

  private void async(String name, ToolHandler.Async handler) {
    registry.register(Fixtures.tool(name, "s").handler(handler).build());
  }

  @Test
  void unknownTool() {
    assertEquals("{\"error\":\"Unknown tool: nope\"}", registry.dispatch("nope", "{}"));
    assertEquals("{\"error\":\"Unknown tool: null\"}", registry.dispatch(null, "{}"));
  }

  @Test
  void unknownToolNameKeepsNonAsciiAndIsEscapedAsJson() {
    assertEquals(
        "{\"error\":\"Unknown tool: wetter_☀ \\\"x\\\"\"}",
        registry.dispatch("wetter_☀ \"x\"", "{}"));
  }

  @Test
  void syncResultIsReturnedAsIsWithArgumentsAndContextPassedThrough() {
    sync("echo", (args, context) -> args + " " + context.callId());
    assertEquals(
        "{\"text\":\"hé\"} call-1",
        registry.dispatch("echo", "{\"text\":\"hé\"}", ToolContext.of("call-1")));
  }

  @Test
  void nullArgumentsAndContextAreReadAsEmpty() {
    sync("echo", (args, context) -> args + "|" + context.callId() + "|" + context.attributes());
    assertEquals("{}||{}", registry.dispatch("echo", null, null));
  }

  @Test
  void aFailingToolAnswersWithItsErrorAndIsLoggedAtDebugNotAsAWarning() {
    sync(
        "boom",
        (args, context) -> {
          throw new IllegalArgumentException("bad path");
        });
    assertEquals(
        "{\"error\":\"Tool execution failed: IllegalArgumentException: bad path\"}",
        registry.dispatch("boom", "{}"));
    assertEquals(
        List.of(), log.warnings(), "a tool's failure is its answer, not a registry warning");
    assertEquals(List.of("Tool 'boom' failed | bad path"), log.debugs());
  }

  @Test
  void failingHandlerWithNonAsciiMessage() {
    sync(
        "boom",
        (args, context) -> {
          throw new IOException("fichier «été» introuvable");
        });
    assertEquals(
        "{\"error\":\"Tool execution failed: IOException: fichier «été» introuvable\"}",
        registry.dispatch("boom", "{}"));
  }

  @Test
  void failureWithoutMessageNamesTheType() {
    sync(
        "boom",
        (args, context) -> {
          throw new UnsupportedOperationException();
        });
    assertEquals(
        "{\"error\":\"Tool execution failed: UnsupportedOperationException\"}",
        registry.dispatch("boom", "{}"));
  }

  @Test
  void errorsThrownByHandlersAreCaughtToo() {
    sync(
        "deep",
        (args, context) -> {
          throw new StackOverflowError("recursion");
        });
    assertEquals(
        "{\"error\":\"Tool execution failed: StackOverflowError: recursion\"}",
        registry.dispatch("deep", "{}"));
  }

  @Test
  void nullResultIsAnError() {
    sync("nothing", (args, context) -> null);
    assertEquals(
        "{\"error\":\"Tool returned no result\",\"tool\":\"nothing\"}",
        registry.dispatch("nothing", "{}"));
  }

  @Test
  void asyncResultIsCompletedForTheCaller() throws Exception {
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      async(
          "later",
          (args, context) -> CompletableFuture.supplyAsync(() -> "done " + args, executor));
      assertEquals("done {}", registry.dispatch("later", "{}"));
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void asyncFailureIsUnwrapped() {
    async(
        "failed", (args, context) -> CompletableFuture.failedFuture(new IOException("disk full")));
    assertEquals(
        "{\"error\":\"Tool execution failed: IOException: disk full\"}",
        registry.dispatch("failed", "{}"));
  }

  @Test
  void asyncFailureInsideAStageChainIsUnwrapped() {
    async(
        "chain",
        (args, context) ->
            CompletableFuture.completedFuture(args)
                .thenApply(
                    a -> {
                      throw new IllegalStateException("step two");
                    }));
    assertEquals(
        "{\"error\":\"Tool execution failed: IllegalStateException: step two\"}",
        registry.dispatch("chain", "{}"));
  }

  @Test
  void asyncHandlerThatThrowsBeforeReturningAStage() {
    async(
        "eager",
        (args, context) -> {
          throw new IllegalStateException("not started");
        });
    assertEquals(
        "{\"error\":\"Tool execution failed: IllegalStateException: not started\"}",
        registry.dispatch("eager", "{}"));
  }

  @Test
  void asyncStageThatIsNotAFutureIsBridged() {
    async(
        "minimal",
        (args, context) -> CompletableFuture.completedFuture("ok").minimalCompletionStage());
    assertEquals("ok", registry.dispatch("minimal", "{}"));
  }

  @Test
  void asyncNullStageIsAnError() {
    async("nothing", (args, context) -> null);
    assertEquals(
        "{\"error\":\"Tool returned no result\",\"tool\":\"nothing\"}",
        registry.dispatch("nothing", "{}"));
  }

  @Test
  void invalidArgumentsListEveryProblem() {
    sync(
        "read_file",
        (args, context) -> {
          throw new InvalidArgumentsException(
              List.of(
                  new ArgumentProblem("/maxLines", "integer >= 1", "0"),
                  new ArgumentProblem("/path", "string", "missing")));
        });
    assertEquals(
        "{\"error\":\"Invalid arguments for tool read_file\",\"problems\":["
            + "{\"path\":\"/maxLines\",\"expected\":\"integer >= 1\",\"got\":\"0\"},"
            + "{\"path\":\"/path\",\"expected\":\"string\",\"got\":\"missing\"}]}",
        registry.dispatch("read_file", "{\"maxLines\":0}"));
    assertEquals(List.of(), log.warnings(), "a model's bad arguments are not a warning");
  }

  @Test
  void invalidArgumentsFromAnAsyncHandler() {
    async(
        "read_file",
        (args, context) ->
            CompletableFuture.failedFuture(
                new InvalidArgumentsException(
                    List.of(new ArgumentProblem("/path", "string", "42")))));
    assertEquals(
        "{\"error\":\"Invalid arguments for tool read_file\",\"problems\":["
            + "{\"path\":\"/path\",\"expected\":\"string\",\"got\":\"42\"}]}",
        registry.dispatch("read_file", "{\"path\":42}"));
  }

  @Test
  void interruptedSyncHandlerKeepsTheInterruptFlag() {
    sync(
        "sleepy",
        (args, context) -> {
          throw new InterruptedException("stop");
        });
    String result = registry.dispatch("sleepy", "{}");
    assertTrue(
        Thread.interrupted(), "the flag is set again after the handler's InterruptedException");
    assertEquals("{\"error\":\"Tool execution failed: InterruptedException: stop\"}", result);
  }

  @Test
  void interruptWhileWaitingForAnAsyncResultKeepsTheFlag() {
    CompletableFuture<String> never = new CompletableFuture<>();
    async("pending", (args, context) -> never);
    Thread.currentThread().interrupt();

    String result = registry.dispatch("pending", "{}");

    assertTrue(Thread.interrupted());
    assertTrue(
        result.startsWith("{\"error\":\"Tool execution failed: InterruptedException"), result);
    assertFalse(never.isDone(), "the handler's stage is left alone");
  }

  @Test
  void completedAsyncResultIsReturnedEvenWhenInterrupted() {
    async("ready", (args, context) -> CompletableFuture.completedFuture("ready"));
    Thread.currentThread().interrupt();

    assertEquals("ready", registry.dispatch("ready", "{}"));
    assertTrue(Thread.interrupted());
  }

  @Test
  void interruptOnAnotherThreadInsideAnAsyncToolDoesNotInterruptTheCaller() {
    async(
        "inner",
        (args, context) ->
            CompletableFuture.failedFuture(new InterruptedException("worker stopped")));
    assertEquals(
        "{\"error\":\"Tool execution failed: InterruptedException: worker stopped\"}",
        registry.dispatch("inner", "{}"));
    assertFalse(Thread.interrupted());
  }

  @Test
  void aToolWhoseCheckFailsIsRefusedWithTheReasonAndNotRun() {
    CountingCheck check = new CountingCheck(false);
    AtomicInteger runs = new AtomicInteger();
    registry.register(
        Fixtures.tool("gated", "web")
            .check(check)
            .requiresEnv(List.of("WEB_KEY"))
            .handler((ToolHandler.Sync) (args, context) -> "ran " + runs.incrementAndGet())
            .build());

    assertEquals(
        "{\"error\":\"Tool gated is unavailable: check returned false (requires WEB_KEY)\"}",
        registry.dispatch("gated", "{}"));
    assertEquals(0, runs.get());
  }

  /** A failing check that says why, or whose reason is {@code reason}'s outcome. */
  private static ExplainedCheck explained(Supplier<String> reason) {
    return new ExplainedCheck() {
      @Override
      public boolean getAsBoolean() {
        return false;
      }

      @Override
      public String unavailableReason() {
        return reason.get();
      }
    };
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void anExplainedCheckGivesItsReasonToTheRefusalAndTheReport(boolean timed) {
    ToolRegistry registry =
        ToolRegistry.builder()
            .checkPolicy(
                timed
                    ? CheckPolicy.builder().timeout(Duration.ofSeconds(30)).build()
                    : CheckPolicy.builder().noTimeout().build())
            .build();
    registry.register(
        Fixtures.entry("docs", "remote", explained(() -> " MCP server 'docs' is closed ")));
    registry.register(Fixtures.entry("blank", "remote", explained(() -> " ")));
    registry.register(
        Fixtures.entry(
            "broken",
            "remote",
            explained(
                () -> {
                  throw new IllegalStateException("no reason today");
                })));

    assertEquals(
        "{\"error\":\"Tool docs is unavailable: check returned false"
            + " (MCP server 'docs' is closed)\"}",
        registry.dispatch("docs", "{}"));
    assertEquals(
        "check returned false (MCP server 'docs' is closed)",
        registry.availability().tool("docs").orElseThrow().reason());
    // A reason that is blank or throws is left out; the verdict stands.
    assertEquals(
        Availability.CHECK_FAILED, registry.availability().tool("blank").orElseThrow().reason());
    assertEquals(
        "{\"error\":\"Tool broken is unavailable: check returned false\"}",
        registry.dispatch("broken", "{}"));
  }

  @Test
  void dispatchAsksTheCachedVerdictTheListingUsed() {
    CountingCheck passing = new CountingCheck(true);
    registry.register(Fixtures.entry("open", "web", passing));
    registry.definitions(List.of("open"));

    assertEquals("open@web", registry.dispatch("open", "{}"));
    assertEquals("open@web", registry.dispatch("open", "{}"));
    assertEquals(1, passing.calls()); // one probe within the TTL, for the listing and both calls
  }

  @Test
  void thePolicyCanRestoreTheReferenceDesignWhichRunsAnUnavailableTool() {
    ToolRegistry reference =
        ToolRegistry.builder()
            .checkPolicy(CheckPolicy.builder().dispatchUnavailableTools().build())
            .build();
    CountingCheck check = new CountingCheck(false);
    reference.register(Fixtures.entry("gated", "web", check));

    assertEquals("gated@web", reference.dispatch("gated", "{}"));
    assertEquals(0, check.calls()); // not even probed
    assertEquals("[]", reference.definitions(List.of("gated")));
  }

  @Test
  void contextAttributesReachTheHandler() {
    AtomicReference<ToolContext> seen = new AtomicReference<>();
    sync(
        "ctx",
        (args, context) -> {
          seen.set(context);
          return "ok";
        });
    ToolContext context = ToolContext.of("c", Map.of("user", "ada"));
    registry.dispatch("ctx", "{}", context);
    assertEquals(context, seen.get());
  }

  /** An exception whose message cannot be read: a hostile or buggy exception type. */
  static final class UnreadableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    @Override
    public String getMessage() {
      throw new IllegalStateException("getMessage failed");
    }

    @Override
    public String getLocalizedMessage() {
      throw new IllegalStateException("getLocalizedMessage failed");
    }
  }

  @Test
  void aFailureWhoseMessageCannotBeReadStillGivesAnErrorResult() {
    sync(
        "hostile",
        (args, context) -> {
          throw new UnreadableException();
        });
    async(
        "hostile_async",
        (args, context) -> CompletableFuture.failedFuture(new UnreadableException()));
    assertEquals(
        "{\"error\":\"Tool execution failed: UnreadableException\"}",
        registry.dispatch("hostile", "{}"));
    assertEquals(
        "{\"error\":\"Tool execution failed: UnreadableException\"}",
        registry.dispatch("hostile_async", "{}"));
  }

  @Test
  void whenNoErrorTextCanBeBuiltAtAllDispatchStillAnswers() {
    sync(
        "hopeless",
        (args, context) -> {
          throw new java.util.concurrent.CompletionException("wrapper", null) {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Throwable getCause() {
              throw new IllegalStateException("getCause failed");
            }
          };
        });
    assertEquals("{\"error\":\"Tool execution failed\"}", registry.dispatch("hopeless", "{}"));
  }

  @Test
  void aCheckWhoseExceptionCannotBeReadCountsAsUnavailable() {
    registry.register(
        Fixtures.entry(
            "gated",
            "web",
            () -> {
              throw new UnreadableException();
            }));
    assertEquals("[]", registry.definitions(List.of("gated")));
    Availability web = registry.availability().toolset("web").orElseThrow();
    assertFalse(web.available());
    assertEquals("check threw UnreadableException", web.reason());
  }
}
