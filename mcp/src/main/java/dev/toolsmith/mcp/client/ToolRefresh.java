package dev.toolsmith.mcp.client;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * When a server's tools are listed again once connected: on a change the server announces, and, as
 * the caching hints of 2026-07-28 say, when the list is needed and its {@code ttlMs} has passed
 * while no announcement could come (no acknowledged listen stream). The list is needed when a
 * registry listing runs the toolset's check (cached by the check's own time to live, 30 s by
 * default), so the list is never polled: that listing gets the list there is, and the next the new
 * one. One listing runs at a time, and one more when a change came meanwhile; one that fails keeps
 * the list there is, and the next need tries again.
 */
final class ToolRefresh {

  private static final Logger LOG = System.getLogger(ToolRefresh.class.getName());

  private final String server;
  private final Executor worker;
  private final Consumer<ClientSession> relist;
  private final Object lock = new Object();
  private boolean running; // guarded by lock
  private @Nullable ClientSession again; // guarded by lock: changed while running
  private volatile ClientSession.@Nullable Listing last;

  /**
   * @param relist lists the session's tools and applies them, when it is still the connection's
   */
  ToolRefresh(String server, Executor worker, Consumer<ClientSession> relist) {
    this.server = server;
    this.worker = worker;
    this.relist = relist;
  }

  /** The tools were just listed: the list is fresh for its time to live from now. */
  void listed(ClientSession.Listing listing) {
    last = listing;
  }

  /** The server announced a change: its tools are listed again. */
  void changed(ClientSession from) {
    synchronized (lock) {
      if (running) {
        again = from;
        return;
      }
      running = true;
    }
    worker.execute(() -> run(from));
  }

  /** The list is needed now: listed again when stale and nothing would announce a change. */
  void needed(ClientSession from) {
    ClientSession.Listing listing = last;
    if (listing == null || from.followsChanges() || !listing.staleAt(System.nanoTime())) {
      return;
    }
    synchronized (lock) {
      if (running) {
        return;
      }
      running = true;
    }
    LOG.log(Level.DEBUG, () -> "MCP server '" + server + "': its tool list is stale; listing it");
    worker.execute(() -> run(from));
  }

  private void run(ClientSession first) {
    for (ClientSession next = first; next != null; ) {
      ClientSession session = next;
      try {
        relist.accept(session);
      } catch (RuntimeException e) { // the next change or staleness brings it
        LOG.log(Level.DEBUG, () -> "MCP server '" + server + "': listing again failed", e);
      }
      synchronized (lock) {
        next = again;
        again = null;
        if (next == null) {
          running = false;
        }
      }
    }
  }
}
