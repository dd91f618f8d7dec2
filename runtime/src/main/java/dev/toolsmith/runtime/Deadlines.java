package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Calls under a deadline. A synchronous tool runs on a thread of its own, so the caller can answer
 * at the deadline: that thread is interrupted then; an async tool's future is cancelled. Each
 * expiry is logged, and so is a tool that ends after its deadline, so nothing keeps running
 * unobserved.
 */
final class Deadlines {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  /** Threads for synchronous tools under a deadline: made on need, daemons, kept a minute idle. */
  private static final class Workers {
    static final ExecutorService POOL =
        Executors.newCachedThreadPool(
            new java.util.concurrent.ThreadFactory() {
              private final AtomicInteger count = new AtomicInteger();

              @Override
              public Thread newThread(Runnable task) {
                Thread thread = new Thread(task, "toolsmith-deadline-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
              }
            });
  }

  private Deadlines() {}

  /**
   * {@code handler}'s answer, run on a worker thread and waited for until {@code deadline}: then
   * the worker is interrupted and a {@link ToolFailureException.Kind#TIMEOUT} failure thrown.
   */
  static String callSync(
      String name,
      ToolHandler.Sync handler,
      String arguments,
      ToolContext context,
      Duration deadline)
      throws Throwable {
    AtomicLong expiredAt = new AtomicLong(); // 0 until the deadline passes
    FutureTask<String> task =
        new FutureTask<>(
            () -> {
              try {
                return handler.call(arguments, context);
              } finally {
                long expired = expiredAt.get();
                if (expired != 0) {
                  LOG.log(
                      Level.WARNING,
                      () ->
                          "Tool '"
                              + name
                              + "' ended "
                              + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - expired)
                              + " ms after its deadline of "
                              + Failures.duration(deadline));
                }
              }
            });
    Workers.POOL.execute(task);
    context.onCancel(() -> task.cancel(true));
    try {
      return task.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      expiredAt.set(System.nanoTime());
      task.cancel(true);
      LOG.log(
          Level.WARNING,
          () ->
              "Tool '"
                  + name
                  + "' passed its deadline of "
                  + Failures.duration(deadline)
                  + ": its thread is interrupted");
      throw ToolFailureException.timeout(Failures.deadlinePassed(name, deadline));
    } catch (ExecutionException e) {
      throw e.getCause() == null ? e : e.getCause();
    } catch (CancellationException e) { // the caller cancelled the call
      throw ToolFailureException.cancelled(Failures.cancelled(name));
    } catch (InterruptedException e) {
      task.cancel(true); // the caller gave up: so does the tool
      throw e;
    }
  }

  /**
   * Waits for {@code ended} until {@code deadline}; at expiry cancels {@code stage} (the tool's
   * future) and throws a {@link ToolFailureException.Kind#TIMEOUT} failure.
   */
  static <T> T await(String name, Future<T> ended, Runnable cancelStage, Duration deadline)
      throws InterruptedException, ExecutionException, ToolFailureException {
    try {
      return ended.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      cancelStage.run();
      LOG.log(
          Level.WARNING,
          () ->
              "Tool '"
                  + name
                  + "' passed its deadline of "
                  + Failures.duration(deadline)
                  + ": its future is cancelled (work it started may go on)");
      throw ToolFailureException.timeout(Failures.deadlinePassed(name, deadline));
    }
  }
}
