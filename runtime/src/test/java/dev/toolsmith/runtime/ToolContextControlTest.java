package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A caller's control of a call: progress reaches it, and cancelling reaches the tool. */
class ToolContextControlTest {

  private final ToolRegistry registry = ToolRegistry.create();

  @Test
  void progressReachesTheCallersListenerAndGoesNowhereWithoutOne() {
    List<String> reports = new CopyOnWriteArrayList<>();
    registry.register(
        Fixtures.tool("steps", "s")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      for (int i = 1; i <= 3; i++) {
                        context.progress(i, 3, "step " + i);
                      }
                      return "done";
                    })
            .build());
    ToolContext.Control control =
        new ToolContext.Control(
            (done, total, message) -> reports.add(done + "/" + total + " " + message));
    assertEquals(
        "done", registry.dispatch("steps", "{}", ToolContext.of("c").withControl(control)));
    assertEquals(List.of("1.0/3.0 step 1", "2.0/3.0 step 2", "3.0/3.0 step 3"), reports);
    assertEquals("done", registry.dispatch("steps", "{}")); // no listener: nothing fails
  }

  @Test
  void aFailingListenerDoesNotFailTheTool() {
    registry.register(
        Fixtures.tool("steps", "s")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      context.progress(1, 0, null);
                      return "done";
                    })
            .build());
    ToolContext.Control control =
        new ToolContext.Control(
            (done, total, message) -> {
              throw new IllegalStateException("listener broke");
            });
    assertEquals(
        "done", registry.dispatch("steps", "{}", ToolContext.empty().withControl(control)));
  }

  @Test
  void cancellingTellsTheToolAndRunsItsActionsOnce() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    AtomicReference<Boolean> sawCancel = new AtomicReference<>(false);
    List<String> actions = new CopyOnWriteArrayList<>();
    registry.register(
        Fixtures.tool("loop", "s")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      context.onCancel(() -> actions.add("closed"));
                      started.countDown();
                      while (!context.isCancelled()) {
                        Thread.onSpinWait();
                      }
                      sawCancel.set(true);
                      return "stopped";
                    })
            .build());
    ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
    CompletableFuture<String> result =
        CompletableFuture.supplyAsync(
            () -> registry.dispatch("loop", "{}", ToolContext.empty().withControl(control)));
    assertTrue(started.await(10, TimeUnit.SECONDS));
    control.cancel();
    control.cancel();
    assertEquals("stopped", result.get(10, TimeUnit.SECONDS));
    assertTrue(sawCancel.get());
    assertEquals(List.of("closed"), actions);
    List<String> late = new CopyOnWriteArrayList<>();
    ToolContext.of("x").withControl(control).onCancel(() -> late.add("at once"));
    assertEquals(List.of("at once"), late);
  }

  @Test
  void cancellingCancelsAnAsyncToolsFuture() throws Exception {
    CompletableFuture<String> never = new CompletableFuture<>();
    registry.register(
        Fixtures.tool("slow", "s").handler((ToolHandler.Async) (args, context) -> never).build());
    ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
    CompletableFuture<String> result =
        CompletableFuture.supplyAsync(
            () -> registry.dispatch("slow", "{}", ToolContext.empty().withControl(control)));
    while (!result.isDone() && !never.isCancelled()) {
      control.cancel();
      Thread.sleep(5);
    }
    assertTrue(never.isCancelled());
    assertTrue(result.get(10, TimeUnit.SECONDS).contains("Tool execution failed"), result.get());
  }

  @Test
  void theDefaultControlIsNeverCancelled() {
    ToolContext.Control.NONE.cancel();
    assertFalse(ToolContext.empty().isCancelled());
  }
}
