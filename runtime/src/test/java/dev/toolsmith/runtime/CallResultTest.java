package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.observation.ToolCall;
import dev.toolsmith.runtime.observation.ToolListing;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ToolRegistry#call}: the value a call answers with, and what the model is offered. */
class CallResultTest {

  @TempDir Path spill;

  private ToolRegistry registry() {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(
                ResultBudget.builder()
                    .defaultMaxResultChars(200)
                    .previewChars(20)
                    .spillDirectory(spill)
                    .build())
            .build();
    registry.register(Fixtures.entry("echo", "text"));
    registry.register(Fixtures.entry("off", "gated", () -> false));
    registry.register(
        Fixtures.tool("boom", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new IllegalStateException("disk full");
                    })
            .build());
    registry.register(
        Fixtures.tool("refuses", "fail")
            .handler((ToolHandler.Sync) (args, context) -> ToolResults.error("quota"))
            .build());
    registry.register(
        Fixtures.tool("strict", "text")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new InvalidArgumentsException(
                          List.of(new ArgumentProblem("$.text", "a string", "42")));
                    })
            .build());
    registry.register(
        Fixtures.tool("big", "text")
            .handler((ToolHandler.Sync) (args, context) -> "x".repeat(500))
            .build());
    registry.register(
        Fixtures.tool("never", "async")
            .handler((ToolHandler.Async) (args, context) -> new CompletableFuture<>())
            .build());
    return registry;
  }

  @Test
  void everyOutcomeIsReadFromTheValueAndItsTextIsWhatDispatchAnswers() {
    ToolRegistry registry = registry();
    ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
    control.cancel();
    ToolContext cancelled = ToolContext.empty().withControl(control);

    assertOutcome(registry, "echo", ToolContext.empty(), ToolCallResult.Outcome.RESULT);
    assertOutcome(registry, "nope", ToolContext.empty(), ToolCallResult.Outcome.UNKNOWN_TOOL);
    assertOutcome(registry, "off", ToolContext.empty(), ToolCallResult.Outcome.UNAVAILABLE);
    assertOutcome(registry, "boom", ToolContext.empty(), ToolCallResult.Outcome.TOOL_FAILURE);
    assertOutcome(registry, "refuses", ToolContext.empty(), ToolCallResult.Outcome.TOOL_FAILURE);
    assertOutcome(
        registry, "strict", ToolContext.empty(), ToolCallResult.Outcome.INVALID_ARGUMENTS);
    assertOutcome(registry, "never", cancelled, ToolCallResult.Outcome.CANCELLED);

    ToolCallResult failed = registry.call("boom", "{}");
    assertInstanceOf(IllegalStateException.class, failed.failure());
    assertTrue(failed.durationNanos() > 0);
    assertNull(registry.call("refuses", "{}").failure());
    assertEquals("{\"error\":\"Unknown tool: nope\"}", ToolCallResult.unknownTool("nope").text());
  }

  private static void assertOutcome(
      ToolRegistry registry, String name, ToolContext context, ToolCallResult.Outcome expected) {
    ToolCallResult result = registry.call(name, "{}", context);
    assertEquals(expected, result.outcome(), result.text());
    assertEquals(expected != ToolCallResult.Outcome.RESULT, result.isError());
    assertEquals(result.text(), registry.dispatch(name, "{}", context));
  }

  @Test
  void aSpilledResultSaysSoAndIsNoError() {
    ToolCallResult result = registry().call("big", "{}");
    assertTrue(result.spilled());
    assertFalse(result.isError());
    assertTrue(ToolResults.isTruncated(result.text()), result.text());
    assertFalse(registry().call("echo", "{}").spilled());
  }

  @Test
  void observersAreToldTheValueTheCallerGets() {
    ToolRegistry registry = registry();
    List<ToolCallResult> told = new ArrayList<>();
    registry.addObserver(call -> told::add);
    ToolCallResult result = registry.call("boom", "{}");
    assertSame(result, told.get(0));
  }

  @Test
  void theOfferIsTheSelectedAvailableToolsSortedAndItsListingIsTold() {
    ToolRegistry registry = registry();
    List<ToolListing> listings = new ArrayList<>();
    registry.addObserver(
        new ToolObserver() {
          @Override
          public CallEnd callStarted(ToolCall call) {
            return CallEnd.NONE;
          }

          @Override
          public void listed(ToolListing listing) {
            listings.add(listing);
          }
        });
    OfferedTools offered = registry.offered(List.of("text", "gated"));
    assertEquals(List.of("big", "echo", "strict"), offered.names());
    assertEquals(registry.generation(), offered.generation());
    assertEquals(
        registry.definitions(List.of("big", "echo", "strict", "off"), DefinitionFormat.MCP),
        offered.definitions(DefinitionFormat.MCP));
    assertEquals(
        List.of("echo"),
        registry
            .offered(List.of("all"), List.of("fail", "async", "gated"))
            .filter(e -> !e.name().equals("big") && !e.name().equals("strict"))
            .names());
    ToolListing listing = listings.get(listings.size() - 3);
    assertEquals(ToolListing.Kind.OFFERED, listing.kind());
    assertEquals(4, listing.requested());
    assertEquals(3, listing.available());
  }

  @Test
  void aConversionIsMadeOncePerEntryAndAgainForAReplacedOne() {
    ToolRegistry registry = registry();
    AtomicInteger made = new AtomicInteger();
    OfferedTools.Conversion<String> conversion =
        OfferedTools.Conversion.of(entry -> entry.name() + "#" + made.incrementAndGet());
    List<String> first = registry.offered(List.of("text")).convert(conversion);
    assertEquals(List.of("big#1", "echo#2", "strict#3"), first);
    assertSame(first.get(1), registry.offered(List.of("text")).convert(conversion).get(1));
    registry.invalidateChecks(); // a new generation, the same entries: nothing made again
    assertEquals(first, registry.offered(List.of("text")).convert(conversion));
    registry.register(Fixtures.entry("echo", "text")); // replaced: made again
    List<String> after = registry.offered(List.of("text")).convert(conversion);
    assertEquals(List.of("big#1", "echo#4", "strict#3"), after);
    assertNotSame(first.get(1), after.get(1));
  }
}
