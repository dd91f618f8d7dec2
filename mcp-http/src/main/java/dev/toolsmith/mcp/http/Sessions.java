package dev.toolsmith.mcp.http;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The sessions open now, counted against a cap in all and a cap per client address. When the table
 * is full, a new session takes the place of the least recently used idle one (no request in flight,
 * no open stream), which the caller then closes; one client address can never hold more than its
 * share, so an address filling the table cannot keep others out. The SDK's transport closes a
 * session that saw no request for one sweep interval (the idle timeout) at its next sweep, so a
 * session unseen for two intervals is gone there too and is dropped from the count here.
 */
final class Sessions {

  /** What {@link #admit} decided: admitted (after closing {@code evict}, if set) or refused. */
  record Admission(boolean admitted, @Nullable String evict, int refusalStatus) {
    static final Admission REFUSED_CLIENT = new Admission(false, null, 429);
    static final Admission REFUSED_FULL = new Admission(false, null, 503);
  }

  /** One open session: who opened it, when it was last seen, how many requests it has running. */
  private static final class Entry {
    final String client;
    long lastSeen;
    int busy;

    Entry(String client, long lastSeen) {
      this.client = client;
      this.lastSeen = lastSeen;
    }
  }

  private final int max;
  private final int maxPerClient;
  private final long idleTimeoutNanos;
  private final long forgetAfterNanos;
  private final Map<String, Entry> open = new HashMap<>(); // guarded by this
  private final Map<String, Integer> perClient = new HashMap<>(); // opened and starting; this
  private int starting; // guarded by this

  Sessions(int max, int maxPerClient, long idleTimeoutNanos) {
    this.max = max;
    this.maxPerClient = maxPerClient;
    this.idleTimeoutNanos = idleTimeoutNanos;
    this.forgetAfterNanos = 2 * idleTimeoutNanos;
  }

  /**
   * Whether {@code client} may start a session now; if admitted, {@link #started} or {@link
   * #refused} follows, and the caller closes the evicted session first.
   */
  synchronized Admission admit(String client) {
    forgetIdle(System.nanoTime());
    if (perClient.getOrDefault(client, 0) >= maxPerClient) {
      return Admission.REFUSED_CLIENT;
    }
    String evict = null;
    if (open.size() + starting >= max) {
      evict = leastRecentlyUsedIdle();
      if (evict == null) {
        return Admission.REFUSED_FULL;
      }
      forget(evict);
    }
    starting++;
    perClient.merge(client, 1, Integer::sum);
    return new Admission(true, evict, 0);
  }

  synchronized void started(String client, @Nullable String id) {
    starting--;
    if (id != null) {
      open.put(id, new Entry(client, System.nanoTime()));
    } else {
      release(client);
    }
  }

  synchronized void refused(String client) {
    starting--;
    release(client);
  }

  /** A request of session {@code id} begins: the session is in use until {@link #idle}. */
  synchronized void busy(@Nullable String id) {
    Entry entry = id == null ? null : open.get(id);
    if (entry != null) {
      entry.lastSeen = System.nanoTime();
      entry.busy++;
    }
  }

  /** A request (or stream) of session {@code id} that {@link #busy} counted has ended. */
  synchronized void idle(@Nullable String id) {
    Entry entry = id == null ? null : open.get(id);
    if (entry != null && entry.busy > 0) {
      entry.lastSeen = System.nanoTime();
      entry.busy--;
    }
  }

  /**
   * Whether {@code id} surely names a session the SDK still has: one that sent the SDK a request
   * within the idle timeout, so no sweep can have closed it.
   */
  synchronized boolean surelyOpen(@Nullable String id) {
    Entry entry = id == null ? null : open.get(id);
    return entry != null && System.nanoTime() - entry.lastSeen < idleTimeoutNanos;
  }

  synchronized void ended(@Nullable String id) {
    if (id != null) {
      forget(id);
    }
  }

  synchronized int open() {
    forgetIdle(System.nanoTime());
    return open.size();
  }

  private @Nullable String leastRecentlyUsedIdle() {
    String oldest = null;
    long oldestSeen = 0;
    for (Map.Entry<String, Entry> session : open.entrySet()) {
      Entry entry = session.getValue();
      if (entry.busy == 0 && (oldest == null || entry.lastSeen - oldestSeen < 0)) {
        oldest = session.getKey();
        oldestSeen = entry.lastSeen;
      }
    }
    return oldest;
  }

  private void forget(String id) {
    Entry entry = open.remove(id);
    if (entry != null) {
      release(entry.client);
    }
  }

  private void release(String client) {
    perClient.computeIfPresent(client, (address, count) -> count <= 1 ? null : count - 1);
  }

  private void forgetIdle(long now) {
    for (Iterator<Entry> sessions = open.values().iterator(); sessions.hasNext(); ) {
      Entry entry = sessions.next();
      if (entry.busy == 0 && now - entry.lastSeen > forgetAfterNanos) {
        sessions.remove();
        release(entry.client);
      }
    }
  }
}
