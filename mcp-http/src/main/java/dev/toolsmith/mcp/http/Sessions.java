package dev.toolsmith.mcp.http;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The sessions open now, counted against a cap. The SDK's transport closes a session that saw no
 * request for one sweep interval (the idle timeout) at its next sweep, so a session unseen for two
 * intervals is gone there too and is dropped from the count here.
 */
final class Sessions {

  private final int max;
  private final long idleTimeoutNanos;
  private final long forgetAfterNanos;
  private final Map<String, Long> lastSeen = new HashMap<>(); // guarded by this
  private int starting; // guarded by this

  Sessions(int max, long idleTimeoutNanos) {
    this.max = max;
    this.idleTimeoutNanos = idleTimeoutNanos;
    this.forgetAfterNanos = 2 * idleTimeoutNanos;
  }

  /** Whether a new session may start now; if so, {@link #started} or {@link #refused} follows. */
  synchronized boolean admit() {
    forgetIdle(System.nanoTime());
    if (lastSeen.size() + starting >= max) {
      return false;
    }
    starting++;
    return true;
  }

  synchronized void started(@Nullable String id) {
    starting--;
    if (id != null) {
      lastSeen.put(id, System.nanoTime());
    }
  }

  synchronized void refused() {
    starting--;
  }

  synchronized void seen(@Nullable String id) {
    if (id != null && lastSeen.containsKey(id)) {
      lastSeen.put(id, System.nanoTime());
    }
  }

  /**
   * Whether {@code id} surely names a session the SDK still has: one that sent the SDK a request
   * within the idle timeout, so no sweep can have closed it.
   */
  synchronized boolean surelyOpen(@Nullable String id) {
    Long seen = id == null ? null : lastSeen.get(id);
    return seen != null && System.nanoTime() - seen < idleTimeoutNanos;
  }

  synchronized void ended(@Nullable String id) {
    if (id != null) {
      lastSeen.remove(id);
    }
  }

  synchronized int open() {
    forgetIdle(System.nanoTime());
    return lastSeen.size();
  }

  private void forgetIdle(long now) {
    for (Iterator<Long> seen = lastSeen.values().iterator(); seen.hasNext(); ) {
      if (now - seen.next() > forgetAfterNanos) {
        seen.remove();
      }
    }
  }
}
