package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.observation.ToolCall;
import dev.toolsmith.runtime.observation.ToolListing;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ObserverTest {

  private final ToolRegistry registry = ToolRegistry.create();
  private final Recorder recorder = new Recorder();
  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
  }

  /** Records what it is told, and on which thread. */
  static final class Recorder implements ToolObserver {
    final List<String> events = new ArrayList<>();
    final List<ToolCall> calls = new ArrayList<>();
    final List<ToolCallResult> results = new ArrayList<>();
    final List<ToolListing> listings = new ArrayList<>();
    final List<Thread> threads = new ArrayList<>();

    @Override
    public CallEnd callStarted(ToolCall call) {
      events.add("started " + call.name());
      calls.add(call);
      threads.add(Thread.currentThread());
      return result -> {
        events.add("ended " + call.name() + " " + result.outcome());
        results.add(result);
        threads.add(Thread.currentThread());
      };
    }

    @Override
    public void listed(ToolListing listing) {
      listings.add(listing);
    }
  }

  private void sync(String name, ToolHandler.Sync handler) {
    registry.register(Fixtures.tool(name, "files").handler(handler).build());
  }

  @Test
  void aCallIsToldWithItsToolToolsetOriginIdSizesDurationAndResult() {
    sync(
        "echo",
        (args, context) -> {
          recorder.events.add("tool ran");
          return "{\"echo\":" + args + "}";
        });
    registry.addObserver(recorder);

    String result = registry.dispatch("echo", "{\"text\":\"hé\"}", ToolContext.of("call_7"));

    assertEquals("{\"echo\":{\"text\":\"hé\"}}", result);
    assertEquals(List.of("started echo", "tool ran", "ended echo RESULT"), recorder.events);
    ToolCall call = recorder.calls.get(0);
    assertEquals("echo", call.name());
    assertEquals("files", call.toolset());
    assertEquals(ToolOrigin.APPLICATION, call.origin());
    assertEquals("call_7", call.callId());
    assertEquals(13, call.argumentsChars());
    ToolCallResult ended = recorder.results.get(0);
    assertEquals(ToolCallResult.Outcome.RESULT, ended.outcome());
    assertSame(result, ended.text());
    assertEquals(result.length(), ended.resultChars());
    assertTrue(ended.durationNanos() > 0);
    assertFalse(ended.isError());
    assertNull(ended.failure());
  }

  @Test
  void invalidArgumentsAreTheirOwnOutcomeWithTheReadersException() {
    sync(
        "strict",
        (args, context) -> {
          throw new InvalidArgumentsException(
              List.of(new ArgumentProblem("$.text", "a string", "42")));
        });
    registry.addObserver(recorder);

    String result = registry.dispatch("strict", "{\"text\":42}");

    assertTrue(result.startsWith("{\"error\":\"Invalid arguments for tool strict\""), result);
    ToolCallResult ended = recorder.results.get(0);
    assertEquals(ToolCallResult.Outcome.INVALID_ARGUMENTS, ended.outcome());
    assertInstanceOf(InvalidArgumentsException.class, ended.failure());
  }

  @Test
  void aThrownFailureAnAsyncFailureAndAnErrorObjectAreToolFailures() {
    sync(
        "boom",
        (args, context) -> {
          throw new IllegalStateException("disk full");
        });
    registry.register(
        Fixtures.tool("later", "files")
            .handler(
                (ToolHandler.Async)
                    (args, context) ->
                        CompletableFuture.failedFuture(new IllegalArgumentException("no such")))
            .build());
    sync("refuses", (args, context) -> ToolResults.error("quota exceeded"));
    registry.addObserver(recorder);

    registry.dispatch("boom", "{}");
    registry.dispatch("later", "{}");
    registry.dispatch("refuses", "{}");

    assertEquals(
        List.of(
            ToolCallResult.Outcome.TOOL_FAILURE,
            ToolCallResult.Outcome.TOOL_FAILURE,
            ToolCallResult.Outcome.TOOL_FAILURE),
        recorder.results.stream().map(ToolCallResult::outcome).toList());
    assertInstanceOf(IllegalStateException.class, recorder.results.get(0).failure());
    assertInstanceOf(
        IllegalArgumentException.class,
        recorder.results.get(1).failure(),
        "unwrapped from the future's CompletionException");
    assertNull(recorder.results.get(2).failure(), "an error object the tool returned is no throw");
    assertEquals("{\"error\":\"quota exceeded\"}", recorder.results.get(2).text());
  }

  @Test
  void anUnknownToolHasNoToolsetNorOrigin() {
    registry.addObserver(recorder);

    String result = registry.dispatch("nope", null, null);

    assertEquals("{\"error\":\"Unknown tool: nope\"}", result);
    ToolCall call = recorder.calls.get(0);
    assertEquals("", call.toolset());
    assertNull(call.origin());
    assertEquals("{}", call.arguments());
    assertEquals("", call.callId());
    assertEquals(ToolCallResult.Outcome.UNKNOWN_TOOL, recorder.results.get(0).outcome());
    assertEquals(result, recorder.results.get(0).text());
  }

  @Test
  void aToolWhoseCheckFailsIsObservedAsUnavailableAndNotRun() {
    Fixtures.CountingCheck check = new Fixtures.CountingCheck(false);
    registry.register(Fixtures.entry("gated", "web", check));
    registry.addObserver(recorder);

    String result = registry.dispatch("gated", "{}");

    assertEquals("{\"error\":\"Tool gated is unavailable: check returned false\"}", result);
    assertEquals("web", recorder.calls.get(0).toolset());
    assertEquals(ToolCallResult.Outcome.UNAVAILABLE, recorder.results.get(0).outcome());
    assertEquals(result, recorder.results.get(0).text());
  }

  @Test
  void anAsyncToolIsTimedToItsCompletionAndEndsOnTheDispatchingThread() {
    registry.register(
        Fixtures.tool("slow", "files")
            .handler(
                (ToolHandler.Async)
                    (args, context) ->
                        CompletableFuture.supplyAsync(
                            () -> "{\"done\":true}",
                            CompletableFuture.delayedExecutor(150, TimeUnit.MILLISECONDS)))
            .build());
    registry.addObserver(recorder);

    assertEquals("{\"done\":true}", registry.dispatch("slow", "{}"));

    assertTrue(
        recorder.results.get(0).duration().toMillis() >= 150,
        "duration " + recorder.results.get(0).duration());
    assertEquals(List.of(Thread.currentThread(), Thread.currentThread()), recorder.threads);
  }

  @Test
  void anObserverThatThrowsNeverBreaksACallNorTheOtherObservers() {
    sync("echo", (args, context) -> "{\"ok\":1}");
    registry.addObserver(
        new ToolObserver() {
          @Override
          public CallEnd callStarted(ToolCall call) {
            throw new IllegalStateException("start broke");
          }

          @Override
          public void listed(ToolListing listing) {
            throw new IllegalStateException("listing broke");
          }
        });
    registry.addObserver(
        call ->
            result -> {
              throw new IllegalStateException("end broke");
            });
    registry.addObserver(call -> null); // a careless observer: no end to tell
    registry.addObserver(recorder);

    assertEquals("{\"ok\":1}", registry.dispatch("echo", "{}"));
    assertEquals(
        "["
            + DefinitionFormat.OPENAI.definition(registry.entry("echo").orElseThrow().definition())
            + "]",
        registry.definitions(List.of("echo")));

    assertEquals(List.of("started echo", "ended echo RESULT"), recorder.events);
    assertEquals(1, recorder.listings.size());
    assertEquals(3, log.warnings().size(), String.join("\n", log.warnings()));
    assertTrue(log.warnings().get(0).contains("start broke"), log.warnings().get(0));
    assertTrue(log.warnings().get(1).contains("end broke"), log.warnings().get(1));
    assertTrue(log.warnings().get(2).contains("listing broke"), log.warnings().get(2));
  }

  @Test
  void listingsAreToldWithWhatWasAskedAndWhatWasAvailable() {
    registry.register(Fixtures.entry("read", "files"));
    registry.register(Fixtures.entry("write", "files", () -> false));
    registry.addObserver(recorder);

    registry.definitions(List.of("read", "write", "nope"), DefinitionFormat.ANTHROPIC);
    registry.availability();

    ToolListing definitions = recorder.listings.get(0);
    assertEquals(ToolListing.Kind.DEFINITIONS, definitions.kind());
    assertEquals(DefinitionFormat.ANTHROPIC, definitions.format());
    assertEquals(3, definitions.requested());
    assertEquals(1, definitions.available());
    assertTrue(definitions.durationNanos() > 0);
    ToolListing availability = recorder.listings.get(1);
    assertEquals(ToolListing.Kind.AVAILABILITY, availability.kind());
    assertNull(availability.format());
    assertEquals(2, availability.requested());
    assertEquals(1, availability.available());
  }

  @Test
  void aRemovedObserverIsToldNothingMore() {
    sync("echo", (args, context) -> "{}");
    registry.addObserver(recorder);
    registry.dispatch("echo", "{}");

    assertTrue(registry.removeObserver(recorder));
    assertFalse(registry.removeObserver(recorder));
    registry.dispatch("echo", "{}");
    registry.definitions(List.of("echo"));

    assertEquals(1, recorder.calls.size());
    assertEquals(List.of(), recorder.listings);
  }

  @Test
  void theQuickLookAtAResultAgreesWithToolResultsIsError() {
    for (String result :
        List.of(
            "{\"error\":\"x\"}",
            "{ \"error\" : 1}",
            "{\"\\u0065rror\":\"x\"}",
            "{\"ok\":1,\"error\":\"x\"}",
            "{\"errors\":[]}",
            " {\"error\":\"x\"}",
            "{}",
            "[1]",
            "plain text")) {
      assertEquals(ToolResults.isError(result), CallPipeline.opensWithError(result), result);
    }
  }

  /** An observer whose calls carry the given trace headers. */
  private static ToolObserver tracing(Map<String, String> headers) {
    return call ->
        new ToolObserver.CallEnd() {
          @Override
          public void ended(ToolCallResult result) {}

          @Override
          public Map<String, String> traceHeaders() {
            return headers;
          }
        };
  }

  @Test
  void theFirstTraceHeadersAnObserverGivesReachTheToolsContext() {
    sync("remote", (args, context) -> "{\"seen\":\"" + context.traceHeaders() + "\"}");
    registry.addObserver(recorder); // gives none
    registry.addObserver(
        call ->
            new ToolObserver.CallEnd() {
              @Override
              public void ended(ToolCallResult result) {}

              @Override
              public Map<String, String> traceHeaders() {
                throw new IllegalStateException("no headers today");
              }
            });
    registry.addObserver(tracing(Map.of("traceparent", "00-abc-def-01")));
    registry.addObserver(tracing(Map.of("traceparent", "00-second-01")));

    assertEquals(
        "{\"seen\":\"{traceparent=00-abc-def-01}\"}",
        registry.dispatch("remote", "{}", ToolContext.of("call_9")));
    assertEquals(Map.of(), recorder.calls.get(0).context().traceHeaders(), "the caller's context");
    assertTrue(log.warnings().get(0).contains("no headers today"), log.warnings().toString());
  }
}
