package dev.toolsmith.runtime.tool;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sessions of a loop's conversations, by the loop's own key (a chat memory id, a conversation
 * id, an MCP session id): a conversation gets its {@link ToolSession} at its first call and keeps
 * it; at most {@code max} are kept, the least recently used forgotten (a loop seldom hears that a
 * conversation ended). Safe for concurrent use.
 *
 * @param <K> the loop's key of a conversation
 */
public final class ToolSessions<K> {

  private final Map<K, ToolSession> sessions; // guarded by itself

  /** Sessions for at most {@code max} conversations at a time. */
  public ToolSessions(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be positive; found " + max);
    }
    this.sessions =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<K, ToolSession> eldest) {
            return size() > max;
          }
        };
  }

  /** The session of the conversation {@code key}, made at its first call. */
  public ToolSession of(K key) {
    synchronized (sessions) {
      return sessions.computeIfAbsent(key, ignored -> new ToolSession());
    }
  }
}
