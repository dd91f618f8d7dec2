package dev.toolsmith.mcp.client;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Fails a server's calls fast after {@code threshold} consecutive failures, for a cool-down; then
 * lets exactly one probe call through, whose outcome closes the breaker or opens it again.
 */
final class CircuitBreaker {

  /** What {@link #tryAcquire} decided. */
  enum Permit {
    /** The breaker is closed: call. */
    CALL,
    /** The cool-down is over and this call is the one probe. */
    PROBE,
    /** Open (or a probe is under way): fail fast. */
    REJECT
  }

  private final int threshold;
  private final Duration coolDown;
  private final long coolDownNanos;
  private final LongSupplier nanoClock;
  private int consecutiveFailures;
  private long openUntil;
  private boolean open;
  private boolean probing;

  CircuitBreaker(int threshold, Duration coolDown, LongSupplier nanoClock) {
    if (threshold < 1) {
      throw new IllegalArgumentException("threshold must be >= 1; found " + threshold);
    }
    this.threshold = threshold;
    this.coolDown = coolDown;
    this.coolDownNanos = coolDown.toNanos();
    this.nanoClock = nanoClock;
  }

  synchronized Permit tryAcquire() {
    if (!open) {
      return Permit.CALL;
    }
    if (probing || nanoClock.getAsLong() - openUntil < 0) {
      return Permit.REJECT;
    }
    probing = true;
    return Permit.PROBE;
  }

  synchronized void success() {
    consecutiveFailures = 0;
    open = false;
    probing = false;
  }

  synchronized void failure() {
    consecutiveFailures++;
    if (probing || consecutiveFailures >= threshold) {
      open = true;
      openUntil = nanoClock.getAsLong() + coolDownNanos;
    }
    probing = false;
  }

  /**
   * Gives back a probe permit whose call never reached the server (e.g. rejected before sending).
   */
  synchronized void release(Permit permit) {
    if (permit == Permit.PROBE) {
      probing = false;
    }
  }

  /** How long calls fail fast once the breaker opens. */
  Duration coolDown() {
    return coolDown;
  }

  synchronized int consecutiveFailures() {
    return consecutiveFailures;
  }

  synchronized boolean isOpen() {
    return open;
  }
}
