package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A registry's memory of its availability checks across listings, under one {@link CheckPolicy}:
 * kept per check (one check shared by several tools or toolsets runs once), results reused for the
 * TTL, failures shortly after a success forgiven, hanging checks cut off.
 */
final class CheckRunner {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private final CheckPolicy policy;
  private final long ttlNanos;

  /** A TTL too long for a {@code long} of nanoseconds: a cached verdict is fresh forever. */
  private final boolean neverExpires;

  private final long graceNanos;
  private final Object lock = new Object();

  /**
   * What is known of each check, by identity; a check no tool holds any more is forgotten. Never
   * changed once published: every change publishes a copy (under {@link #lock}), so the cached
   * paths, dispatch's on every call, read it without the lock. Copies are made when the registry's
   * tools change, not per call.
   */
  private volatile IdentityHashMap<BooleanSupplier, Slot> slots = new IdentityHashMap<>();

  CheckRunner(CheckPolicy policy) {
    this.policy = policy;
    this.ttlNanos = saturatedNanos(policy.ttl());
    this.neverExpires = ttlNanos == Long.MAX_VALUE;
    this.graceNanos = saturatedNanos(policy.grace());
  }

  /** A verdict and when it was reached: replaced whole, so it is read without the lock. */
  private record Cached(Availability verdict, long at) {}

  /** What is known of one check. Guarded by {@link #lock}, but for {@link #cached}. */
  private static final class Slot {
    final BooleanSupplier check;
    volatile @Nullable Cached cached;
    boolean succeeded;
    long lastSuccess;
    @Nullable FutureTask<Outcome> running;
    long runningSince;
    @Nullable FutureTask<Outcome> started; // begun by start(), its outcome not yet taken

    Slot(BooleanSupplier check) {
      this.check = check;
    }
  }

  /**
   * The verdict of {@code check}, the check of the tool {@code tool}, as a listing needs it: cached
   * within the TTL, or from a run now. The cached path takes no lock and builds nothing.
   */
  Availability verdict(String tool, BooleanSupplier check) {
    Slot known = slots.get(check);
    Cached cached = known == null ? null : known.cached;
    if (cached != null && neverExpires) {
      return cached.verdict(); // no clock read: nothing it says could change the answer
    }
    long now = policy.ticker().getAsLong();
    if (cached != null && now - cached.at() < ttlNanos) {
      return cached.verdict();
    }
    return probe(tool, check, now);
  }

  /**
   * The verdict dispatch honours: that of the check's last run, however old, so the model may call
   * what it was offered; no clock is read while there is one. Only a check that never ran (no
   * listing yet, or invalidated since) runs now, as a listing would run it. Expiry is looked at
   * where checks run, in {@link #verdict}.
   */
  Availability lastVerdict(String tool, BooleanSupplier check) {
    Slot known = slots.get(check);
    Cached cached = known == null ? null : known.cached;
    if (cached != null) {
      return cached.verdict();
    }
    return probe(tool, check, policy.ticker().getAsLong());
  }

  /**
   * Starts a run of {@code check}, the check of the tool {@code tool}, on its own thread and
   * returns at once, unless its verdict is cached or a run is under way; {@link #verdict} then
   * joins that run. A listing starts all its checks first, so it waits about as long as its slowest
   * check rather than the sum of them, and one thread hand-off rather than one per check. Nothing
   * starts without a timeout: checks then run on the caller's thread.
   */
  void start(String tool, BooleanSupplier check) {
    if (policy.timeout().isEmpty()) {
      return;
    }
    Slot slot;
    synchronized (lock) {
      slot = slot(check);
      Cached cached = slot.cached;
      if ((cached != null && (neverExpires || policy.ticker().getAsLong() - cached.at() < ttlNanos))
          || slot.started != null
          || (slot.running != null && !slot.running.isDone())) {
        return;
      }
    }
    FutureTask<Outcome> task = launch("tool '" + tool + "'", slot);
    synchronized (lock) {
      if (slot.running == task) {
        slot.started = task;
      }
    }
  }

  /** {@link #verdict} off the cached path: looks again under the lock, then runs or joins. */
  private Availability probe(String tool, BooleanSupplier check, long now) {
    Slot slot;
    @Nullable FutureTask<Outcome> started;
    @Nullable FutureTask<Outcome> running;
    long runningSince;
    synchronized (lock) {
      slot = slot(check);
      Cached cached = slot.cached;
      if (cached != null && now - cached.at() < ttlNanos) {
        return cached.verdict();
      }
      started = slot.started; // its outcome, finished or not, is this verdict's
      slot.started = null;
      running = slot.running != null && !slot.running.isDone() ? slot.running : null;
      runningSince = slot.runningSince;
    }
    String label = "tool '" + tool + "'";
    Availability outcome;
    if (started != null) {
      Duration timeout = policy.timeout().orElse(Duration.ZERO);
      long left = saturatedNanos(timeout) - (now - runningSince);
      outcome = await(label, started, Math.max(left, 0), timeout);
    } else {
      outcome = running != null ? join(label, running, now - runningSince) : run(label, slot);
    }
    synchronized (lock) {
      boolean current =
          slots.get(check) == slot; // else invalidated meanwhile: report, do not store
      if (outcome.available()) {
        if (current) {
          slot.succeeded = true;
          slot.lastSuccess = now;
          slot.cached = new Cached(outcome, now);
        }
        return outcome;
      }
      if (slot.succeeded && now - slot.lastSuccess < graceNanos) {
        // A flap: keep the tools, do not cache, so the next listing probes again.
        LOG.log(
            Level.WARNING,
            () ->
                "Availability check of "
                    + label
                    + ": "
                    + outcome.reason()
                    + " within the grace period after its last success; kept available");
        return new Availability(true, Availability.KEPT_IN_GRACE + " (" + outcome.reason() + ")");
      }
      // No DEBUG line: asking whether DEBUG is on starts the logging backend, at every start-up
      // with an unavailable tool; the listing leaves the tool out and the availability report
      // gives the reason.
      if (current) {
        slot.cached = new Cached(outcome, now);
      }
      return outcome;
    }
  }

  /**
   * The slot of {@code check}, made now for a check the registry's tools do not hold ({@link
   * #retain} adds theirs ahead); called under {@link #lock}.
   */
  private Slot slot(BooleanSupplier check) {
    Slot slot = slots.get(check);
    if (slot == null) {
      slot = new Slot(check);
      IdentityHashMap<BooleanSupplier, Slot> copy = new IdentityHashMap<>(slots);
      copy.put(check, slot);
      slots = copy;
    }
    return slot;
  }

  /** How one run of a check ended: its verdict, or what it threw. */
  private record Outcome(@Nullable Availability verdict, @Nullable Throwable failure) {}

  /**
   * One run of a check on its own thread. It returns the check's answer or its failure as thrown: a
   * future's own failure path would wrap it, and wrapping calls its toString, which may throw. A
   * class rather than a lambda, which would spin a class at the first listing of every start-up.
   */
  private static final class Run implements Callable<Outcome> {
    private final BooleanSupplier check;

    Run(BooleanSupplier check) {
      this.check = check;
    }

    @Override
    public Outcome call() {
      try {
        return new Outcome(ListingChecks.verdict(check, check.getAsBoolean()), null);
      } catch (Throwable t) {
        return new Outcome(null, t);
      }
    }
  }

  /**
   * Forgets every result, success and grace period, but not the checks still running: a hung check
   * keeps its thread, so starting it again would leak one thread per invalidation.
   */
  void invalidate() {
    synchronized (lock) {
      IdentityHashMap<BooleanSupplier, Slot> fresh = new IdentityHashMap<>();
      slots.forEach(
          (check, slot) -> {
            Slot next = new Slot(check); // a new slot: the old run's outcome is not stored
            if (slot.running != null && !slot.running.isDone()) {
              next.running = slot.running;
            }
            fresh.put(check, next);
          });
      slots = fresh;
    }
  }

  /**
   * Keeps what is known of the checks the tools hold and forgets the others, so that replaced
   * checks do not pile up; a check new to the registry gets its slot here, ahead of its first call.
   */
  void retain(Set<BooleanSupplier> live) {
    synchronized (lock) {
      IdentityHashMap<BooleanSupplier, Slot> kept = new IdentityHashMap<>();
      for (BooleanSupplier check : live) {
        Slot slot = slots.get(check);
        kept.put(check, slot != null ? slot : new Slot(check));
      }
      slots = kept;
    }
  }

  private Availability run(String label, Slot slot) {
    BooleanSupplier check = slot.check;
    if (policy.timeout().isEmpty()) {
      try {
        return ListingChecks.verdict(check, check.getAsBoolean());
      } catch (Throwable t) { // a broken check must not break the listing
        return threw(label, t);
      }
    }
    Duration timeout = policy.timeout().get();
    return await(label, launch(label, slot), saturatedNanos(timeout), timeout);
  }

  /** Starts a run of {@code slot}'s check on its own daemon thread, recorded in the slot. */
  private FutureTask<Outcome> launch(String label, Slot slot) {
    // A FutureTask, not a CompletableFuture, whose class initialization sets up the common
    // ForkJoinPool.
    FutureTask<Outcome> task = new FutureTask<>(new Run(slot.check));
    synchronized (lock) {
      slot.running = task;
      slot.runningSince = policy.ticker().getAsLong();
    }
    Thread thread = new Thread(task, "toolsmith-check-" + label);
    thread.setDaemon(true); // a hung check must not keep the JVM alive
    thread.start();
    return task;
  }

  /**
   * The outcome of a run another caller started {@code elapsedNanos} ago: waited for within what is
   * left of its timeout (concurrent calls and listings share one run, none is refused for it), or
   * "still running" at once when it has used up its time (a hung check costs no caller anything).
   */
  private Availability join(String label, FutureTask<Outcome> task, long elapsedNanos) {
    Duration timeout = policy.timeout().orElse(Duration.ZERO);
    long left = saturatedNanos(timeout) - elapsedNanos;
    if (left <= 0) {
      return new Availability(false, "check still running from an earlier listing");
    }
    return await(label, task, left, timeout);
  }

  private Availability await(String label, FutureTask<Outcome> task, long nanos, Duration timeout) {
    try {
      Outcome outcome = task.get(nanos, TimeUnit.NANOSECONDS);
      Availability verdict = outcome.verdict();
      return verdict != null ? verdict : threw(label, requireNonNull(outcome.failure()));
    } catch (TimeoutException e) {
      LOG.log(
          Level.WARNING,
          () ->
              "Availability check of "
                  + label
                  + " still running after "
                  + timeout
                  + "; its tools are unavailable");
      return new Availability(false, "check timed out after " + timeout.toMillis() + " ms");
    } catch (ExecutionException e) { // not completed exceptionally, ever; kept for the compiler
      return threw(label, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the listing's caller keeps its flag
      return new Availability(false, "interrupted while waiting for the check");
    }
  }

  private static Availability threw(String label, Throwable t) {
    if (t instanceof InterruptedException) {
      Thread.currentThread().interrupt(); // thrown sneakily; the caller's thread keeps its flag
    }
    LOG.log(
        Level.WARNING,
        () -> "Availability check of " + label + " threw; its tools are unavailable",
        t);
    return new Availability(false, "check threw " + Failures.describe(t));
  }

  private static long saturatedNanos(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
