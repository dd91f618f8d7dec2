package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Runs the loading of one plugin (its classes' static initialisers, its indexes' constructors and
 * {@code tools()}) on a daemon thread of its own and waits for it at most a bound: a plugin that
 * never returns is abandoned as a failed source, and discovery goes on with the others. An
 * abandoned thread is interrupted, and keeps running if the plugin ignores that; nothing it returns
 * later is registered, as registering happens on the caller's thread.
 */
final class PluginThread {

  private PluginThread() {}

  /** The loading work; its failures are {@link ServiceProviders.Failure}s or what it throws. */
  interface Work<T> {
    T run() throws ServiceProviders.Failure;
  }

  /** How one run ended: its value, or what it threw, kept as thrown. */
  private record Outcome<T>(@Nullable T value, @Nullable Throwable failure) {}

  /**
   * What {@code work} returns within {@code bound}; a {@link ServiceProviders.Failure} when it
   * fails ({@link ServiceProviders#recoverable}) or is still running at the bound. The JVM's own
   * errors ({@link OutOfMemoryError} and the like) are thrown on to the caller.
   */
  static <T> T load(String plugin, Duration bound, Work<T> work) throws ServiceProviders.Failure {
    // The task returns what the work threw rather than failing: a FutureTask's own failure path
    // would wrap it. A FutureTask, not a CompletableFuture, which would set up the common pool.
    FutureTask<Outcome<T>> task =
        new FutureTask<>(
            () -> {
              try {
                return new Outcome<>(work.run(), null);
              } catch (Throwable t) {
                return new Outcome<>(null, t);
              }
            });
    Thread thread = new Thread(task, "toolsmith-plugin-" + plugin);
    thread.setDaemon(true); // an abandoned plugin must not keep the JVM alive
    thread.start();
    Outcome<T> outcome;
    try {
      outcome = task.get(nanos(bound), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      thread.interrupt(); // a plugin that waits may take the hint
      throw new ServiceProviders.Failure(
          "still loading after " + bound.toMillis() + " ms (plugins.load_timeout); abandoned",
          null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // discovery's caller keeps its flag
      thread.interrupt();
      throw new ServiceProviders.Failure("interrupted while the plugin was loading", e);
    } catch (ExecutionException e) { // never: the task returns what it threw; for the compiler
      throw new ServiceProviders.Failure(ServiceProviders.message(e), e);
    }
    Throwable failure = outcome.failure();
    if (failure == null) {
      return requireNonNull(outcome.value());
    }
    if (failure instanceof ServiceProviders.Failure known) {
      throw known;
    }
    if (failure instanceof Error error && !ServiceProviders.recoverable(error)) {
      throw error;
    }
    throw new ServiceProviders.Failure(ServiceProviders.message(failure), failure);
  }

  private static long nanos(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
