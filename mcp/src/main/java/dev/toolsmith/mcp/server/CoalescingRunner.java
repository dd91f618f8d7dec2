package dev.toolsmith.mcp.server;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one task on its own daemon thread when asked, off the asking thread: requests that arrive
 * while a run is pending make no extra run, those that arrive while it runs make one more. How a
 * served registry syncs after the registry's changes without holding the registry's writer.
 */
final class CoalescingRunner {

  private static final Logger LOG = System.getLogger(CoalescingRunner.class.getName());

  private final Runnable task;
  private final ExecutorService thread;
  private final AtomicBoolean pending = new AtomicBoolean();

  /** Runs {@code task} on a thread named {@code threadName}; idle until asked. */
  CoalescingRunner(String threadName, Runnable task) {
    this.task = task;
    this.thread =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread made = new Thread(runnable, threadName);
              made.setDaemon(true);
              return made;
            });
  }

  /** Runs the task soon, once for every request that arrives before it starts. */
  void request() {
    if (pending.compareAndSet(false, true)) {
      try {
        thread.execute(
            () -> {
              pending.set(false);
              try {
                task.run();
              } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Serving the registry's changed tools failed", e);
              }
            });
      } catch (RejectedExecutionException closing) {
        pending.set(false);
      }
    }
  }

  /** Runs nothing more. */
  void shutdown() {
    thread.shutdownNow();
  }
}
