package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * One live connection to a server, in the era it speaks ({@link LegacySession}: a session opened
 * with {@code initialize}; {@link ModernSession}: 2026-07-28, every request on its own): the tools
 * listed page after page, calls, a liveness check. Tools and results come in the legacy SDK's types
 * whatever the era (the JSON is the same), so the rest of the client is written once. The calls
 * made through a session fail together when it dies.
 */
abstract class ClientSession {

  /** The most pages of {@code tools/list} read; more fail the listing (a server paging forever). */
  static final int MAX_PAGES = 1000;

  final @Nullable ProcessTransport process; // null over HTTP
  final Set<ServerCall> inFlight = ConcurrentHashMap.newKeySet();

  ClientSession(@Nullable ProcessTransport process) {
    this.process = process;
  }

  /** The protocol version spoken: 2026-07-28, or the legacy one {@code initialize} agreed. */
  abstract String protocolVersion();

  /** One page of {@code tools/list}, within {@code timeout}. */
  abstract Page page(@Nullable String cursor, Duration timeout);

  /**
   * The call of the server's tool {@code raw}, carrying the caller's trace context and a progress
   * token whose progress goes to {@code context}. Cancelling the subscription gives the call up as
   * the era says: {@code notifications/cancelled} with the request's id, or, over 2026-07-28 HTTP,
   * the request's stream closed.
   */
  abstract Mono<McpSchema.CallToolResult> call(
      String raw, Map<String, Object> arguments, ToolContext context);

  /** Whether the server answers a request within two seconds. */
  abstract boolean ping();

  /**
   * Whether the server's announcements of tool changes reach this session now, so a listing stays
   * current without looking at its age: always over a legacy session (they come unasked), and over
   * 2026-07-28 while a {@code subscriptions/listen} stream for them is acknowledged.
   */
  abstract boolean followsChanges();

  /** Closes the SDK's client, gracefully if it can within five seconds. */
  abstract void closeClient();

  /**
   * The server's tools, page after page, each page within {@code timeout}.
   *
   * @throws IllegalStateException when the server sends more than {@value #MAX_PAGES} pages or
   *     repeats a cursor: a partial list would look complete, so the listing fails instead
   */
  final Listing listTools(Duration timeout) {
    List<McpSchema.Tool> tools = new ArrayList<>();
    Set<String> cursors = new HashSet<>();
    Long ttlMs = null;
    String cursor = null;
    for (int page = 1; ; page++) {
      Page read = page(cursor, timeout);
      tools.addAll(read.tools());
      if (read.ttlMs() != null) { // each page is fresh for its own time: the list, for the least
        ttlMs = Math.max(0, Math.min(read.ttlMs(), ttlMs == null ? Long.MAX_VALUE : ttlMs));
      }
      cursor = read.nextCursor();
      if (cursor == null || cursor.isEmpty()) {
        return new Listing(tools, ttlMs, System.nanoTime());
      }
      if (!cursors.add(cursor)) {
        throw new IllegalStateException(
            "tools/list repeated the cursor '" + cursor + "' on page " + page);
      }
      if (page == MAX_PAGES) {
        throw new IllegalStateException(
            "tools/list sent more than "
                + MAX_PAGES
                + " pages ("
                + tools.size()
                + " tools so far); none of its tools are registered");
      }
    }
  }

  /**
   * Settles every call in flight with {@code message}; the circuit breaker counts each as a failure
   * when {@code failure} (the server was lost, not closed by this side).
   */
  void failCalls(String message, boolean failure) {
    for (ServerCall call : inFlight) {
      call.abandon(message, failure);
    }
  }

  /** Closes the client and stops the process. */
  final void close() {
    try {
      closeClient();
    } finally {
      if (process != null) {
        process.close();
      }
    }
  }

  /**
   * One page of a listing: its tools, the cursor of the next, how long it is fresh (2026-07-28).
   */
  record Page(List<McpSchema.Tool> tools, @Nullable String nextCursor, @Nullable Long ttlMs) {}

  /**
   * A server's whole list and when it was read; {@code ttlMs} is the least of its pages' (absent
   * over a legacy session, whose lists stay current until the server says they changed).
   */
  record Listing(List<McpSchema.Tool> tools, @Nullable Long ttlMs, long receivedNanos) {

    /** Whether the list is past its time to live at {@code nanos} ({@link System#nanoTime()}). */
    boolean staleAt(long nanos) {
      return ttlMs != null && nanos - receivedNanos >= TimeUnit.MILLISECONDS.toNanos(ttlMs);
    }
  }
}
