package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A registry's memory of its toolset checks across listings, under one {@link CheckPolicy}: results
 * reused for the TTL, failures shortly after a success forgiven, hanging checks cut off.
 */
final class CheckRunner {

  private static final Logger LOG = LazyLogger.of(ToolRegistry.class.getName());

  private final CheckPolicy policy;
  private final long ttlNanos;
  private final long graceNanos;
  private final Object lock = new Object();
  /** Toolset to what is known of its check; replaced when the toolset's check changes. */
  private final Map<String, Slot> slots = new HashMap<>();

  CheckRunner(CheckPolicy policy) {
    this.policy = policy;
    this.ttlNanos = saturatedNanos(policy.ttl());
    this.graceNanos = saturatedNanos(policy.grace());
  }

  /** What is known of one toolset's check. Guarded by {@link #lock}. */
  private static final class Slot {
    final BooleanSupplier check;
    ListingChecks.Verdict cached;
    long cachedAt;
    boolean succeeded;
    long lastSuccess;
    FutureTask<Outcome> running;

    Slot(BooleanSupplier check) {
      this.check = check;
    }
  }

  /** The verdict for {@code toolset} whose check is {@code check}: cached, or from a run now. */
  ListingChecks.Verdict verdict(String toolset, BooleanSupplier check) {
    long now = policy.ticker().getAsLong();
    Slot slot;
    boolean stillRunning;
    synchronized (lock) {
      slot = slots.get(toolset);
      if (slot == null || slot.check != check) {
        slot = new Slot(check);
        slots.put(toolset, slot);
      }
      if (slot.cached != null && now - slot.cachedAt < ttlNanos) {
        return slot.cached;
      }
      stillRunning = slot.running != null && !slot.running.isDone();
    }
    ListingChecks.Verdict outcome = stillRunning
        ? new ListingChecks.Verdict(false, "check still running from an earlier listing")
        : run(toolset, slot);
    synchronized (lock) {
      boolean current = slots.get(toolset) == slot; // else invalidated meanwhile: report, do not store
      if (outcome.available()) {
        if (current) {
          slot.succeeded = true;
          slot.lastSuccess = now;
          slot.cached = outcome;
          slot.cachedAt = now;
        }
        return outcome;
      }
      if (slot.succeeded && now - slot.lastSuccess < graceNanos) {
        // A flap: keep the toolset, do not cache, so the next listing probes again.
        LOG.log(Level.WARNING, () -> "Toolset '" + toolset + "': " + outcome.reason()
            + " within the grace period after its last success; kept available");
        return new ListingChecks.Verdict(true,
            Availability.KEPT_IN_GRACE + " (" + outcome.reason() + ")");
      }
      LOG.log(Level.DEBUG, () -> "Toolset '" + toolset + "' unavailable: " + outcome.reason());
      if (current) {
        slot.cached = outcome;
        slot.cachedAt = now;
      }
      return outcome;
    }
  }

  /** How one run of a check ended: its answer, or what it threw. */
  private record Outcome(boolean passed, Throwable failure) {}

  /**
   * Forgets every result, success and grace period, but not the checks still running: a hung check
   * keeps its thread, so starting it again would leak one thread per invalidation.
   */
  void invalidate() {
    synchronized (lock) {
      Map<String, Slot> running = new HashMap<>();
      slots.forEach((toolset, slot) -> {
        if (slot.running != null && !slot.running.isDone()) {
          Slot fresh = new Slot(slot.check); // a new slot: the old run's outcome is not stored
          fresh.running = slot.running;
          running.put(toolset, fresh);
        }
      });
      slots.clear();
      slots.putAll(running);
    }
  }

  private ListingChecks.Verdict run(String toolset, Slot slot) {
    BooleanSupplier check = slot.check;
    if (policy.timeout().isEmpty()) {
      try {
        return ListingChecks.verdict(check.getAsBoolean());
      } catch (Throwable t) { // a broken check must not break the listing
        return threw(toolset, t);
      }
    }
    Duration timeout = policy.timeout().get();
    // The task returns the check's answer or its failure as thrown: a future's own failure path
    // would wrap it, and wrapping calls its toString, which may throw. A FutureTask, not a
    // CompletableFuture, whose class initialization sets up the common ForkJoinPool.
    FutureTask<Outcome> task = new FutureTask<>(() -> {
      try {
        return new Outcome(check.getAsBoolean(), null);
      } catch (Throwable t) {
        return new Outcome(false, t);
      }
    });
    synchronized (lock) {
      slot.running = task;
    }
    Thread thread = new Thread(task, "toolsmith-check-" + toolset);
    thread.setDaemon(true); // a hung check must not keep the JVM alive
    thread.start();
    try {
      Outcome outcome = task.get(saturatedNanos(timeout), TimeUnit.NANOSECONDS);
      return outcome.failure() == null ? ListingChecks.verdict(outcome.passed()) : threw(toolset, outcome.failure());
    } catch (TimeoutException e) {
      LOG.log(Level.WARNING, () -> "Toolset '" + toolset + "' check still running after " + timeout
          + "; its tools are unavailable");
      return new ListingChecks.Verdict(false, "check timed out after " + timeout.toMillis() + " ms");
    } catch (ExecutionException e) { // not completed exceptionally, ever; kept for the compiler
      return threw(toolset, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the listing's caller keeps its flag
      return new ListingChecks.Verdict(false, "interrupted while waiting for the check");
    }
  }

  private static ListingChecks.Verdict threw(String toolset, Throwable t) {
    if (t instanceof InterruptedException) {
      Thread.currentThread().interrupt(); // thrown sneakily; the caller's thread keeps its flag
    }
    LOG.log(Level.WARNING, () -> "Toolset '" + toolset + "' check threw; its tools are unavailable", t);
    return new ListingChecks.Verdict(false, "check threw " + Failures.describe(t));
  }

  private static long saturatedNanos(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
