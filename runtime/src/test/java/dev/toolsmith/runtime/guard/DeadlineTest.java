package dev.toolsmith.runtime.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures;
import dev.toolsmith.runtime.LogCapture;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Deadlines: seen to fire, the tool seen to stop, the model told, a log line written. */
class DeadlineTest {

  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
  }

  @Test
  void synchronousToolsThreadIsInterruptedAtItsDeadline() throws Exception {
    CountDownLatch interrupted = new CountDownLatch(1);
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        Fixtures.tool("slow", "t")
            .deadline(Duration.ofMillis(200))
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      try {
                        Thread.sleep(30_000);
                        return "{\"slept\":true}";
                      } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw e;
                      }
                    })
            .build());

    long start = System.nanoTime();
    ToolCallResult result = registry.call("slow", "{}");

    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
    assertEquals(ToolCallResult.Outcome.TIMEOUT, result.outcome());
    assertEquals("{\"error\":\"Tool slow timed out after its deadline of 200 ms\"}", result.text());
    assertTrue(interrupted.await(10, TimeUnit.SECONDS), "the tool's thread was interrupted");
    assertTrue(
        log.warnings().stream().anyMatch(w -> w.contains("'slow' passed its deadline of 200 ms")),
        log.warnings().toString());
  }

  @Test
  void toolThatIgnoresTheInterruptIsAnsweredAtItsDeadlineAndLoggedWhenItEnds() throws Exception {
    CountDownLatch ended = new CountDownLatch(1);
    ToolRegistry registry =
        ToolRegistry.builder()
            .guards(Guards.builder().deadline(Duration.ofMillis(100)).build())
            .build();
    registry.register(
        Fixtures.tool("stubborn", "t")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(600);
                      while (System.nanoTime() < until) {
                        Thread.onSpinWait(); // ignores interrupts
                      }
                      ended.countDown();
                      return "{}";
                    })
            .build());

    long start = System.nanoTime();
    assertEquals(ToolCallResult.Outcome.TIMEOUT, registry.call("stubborn", "{}").outcome());
    assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(550));

    assertTrue(ended.await(10, TimeUnit.SECONDS));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (log.warnings().stream().noneMatch(w -> w.contains("after its deadline of 100 ms"))
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertTrue(
        log.warnings().stream().anyMatch(w -> w.contains("'stubborn' ended ")),
        log.warnings().toString());
  }

  @Test
  void asyncToolsFutureIsCancelledAtItsDeadline() {
    CompletableFuture<String> never = new CompletableFuture<>();
    ToolRegistry registry =
        ToolRegistry.builder()
            .guards(Guards.builder().toolsetDeadline("remote", Duration.ofMillis(150)).build())
            .build();
    registry.register(
        Fixtures.tool("fetch", "remote")
            .handler((ToolHandler.Async) (args, context) -> never)
            .build());

    ToolCallResult result = registry.call("fetch", "{}");

    assertEquals(ToolCallResult.Outcome.TIMEOUT, result.outcome());
    assertEquals(
        "{\"error\":\"Tool fetch timed out after its deadline of 150 ms\"}", result.text());
    assertTrue(never.isCancelled(), "the tool's future was cancelled");
  }

  @Test
  void toolConfigurationBeatsTheDeclaredDeadlineWhichBeatsToolsetAndDefault() {
    Guards guards =
        Guards.builder()
            .deadline(Duration.ofSeconds(30))
            .toolsetDeadline("t", Duration.ofSeconds(20))
            .toolDeadline("named", Duration.ofSeconds(1))
            .build();

    assertEquals(Duration.ofSeconds(1), guards.deadline("named", "t", Duration.ofSeconds(5)));
    assertEquals(Duration.ofSeconds(5), guards.deadline("other", "t", Duration.ofSeconds(5)));
    assertEquals(Duration.ofSeconds(20), guards.deadline("other", "t", null));
    assertEquals(Duration.ofSeconds(30), guards.deadline("other", "u", null));
    assertEquals(null, Guards.builder().build().deadline("other", "u", null));
  }

  @Test
  void aToolWithinItsDeadlineAnswersAsUsual() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("quick", "t").deadline(Duration.ofSeconds(10)).build());

    assertEquals("quick@t", registry.dispatch("quick", "{}"));
  }
}
