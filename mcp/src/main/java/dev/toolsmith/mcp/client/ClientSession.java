package dev.toolsmith.mcp.client;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/** One live client of a server; the calls made through it fail together when it dies. */
final class ClientSession {

  /** The most pages of {@code tools/list} read; more fail the listing (a server paging forever). */
  static final int MAX_PAGES = 1000;

  final McpAsyncClient client;
  final @Nullable ProcessTransport process; // null over HTTP
  final ProxiedCalls proxied;
  final Set<PendingCall> inFlight = ConcurrentHashMap.newKeySet();

  ClientSession(McpAsyncClient client, @Nullable ProcessTransport process, ProxiedCalls proxied) {
    this.client = client;
    this.process = process;
    this.proxied = proxied;
  }

  /**
   * Initializes the session within the server's connect timeout; a process that exits meanwhile
   * fails it at once. On failure the session is closed and the exception says why.
   */
  void initialize(McpServerConfig config) {
    Mono<McpSchema.InitializeResult> initialize = client.initialize();
    if (process != null) {
      // A server that exits while connecting fails the connect now, not at the connect timeout.
      // A copy: cancelling the race (at the timeout) must not cancel the process's own future.
      initialize =
          Mono.firstWithSignal(
              initialize,
              Mono.fromFuture(process.exited().thenApply(code -> code))
                  .flatMap(
                      code -> Mono.error(new IllegalStateException("exited with code " + code))));
    }
    try {
      initialize.block(config.connectTimeout());
    } catch (RuntimeException e) {
      // A server that exits closes its input first: the send can fail (broken pipe) while the
      // process is still alive, so such a failure waits a moment for the exit and its stderr.
      if (process != null
          && (process.hasExited()
              || (Reasons.root(e) instanceof IOException
                  && process.exitsWithin(Duration.ofSeconds(2))))) {
        String message = process.exitMessage() + " while connecting";
        close();
        throw new IllegalStateException(message, e);
      }
      close();
      throw new IllegalStateException(
          Reasons.root(e) instanceof TimeoutException
              ? "did not initialize within " + Reasons.seconds(config.connectTimeout())
              : "could not initialize: " + Reasons.describe(e),
          e);
    }
  }

  /**
   * The server's tools, page after page, each page within {@code timeout}.
   *
   * @throws IllegalStateException when the server sends more than {@value #MAX_PAGES} pages or
   *     repeats a cursor: a partial list would look complete, so the listing fails instead
   */
  List<McpSchema.Tool> listTools(Duration timeout) {
    List<McpSchema.Tool> tools = new ArrayList<>();
    Set<String> cursors = new HashSet<>();
    String cursor = McpSchema.FIRST_PAGE;
    for (int page = 1; ; page++) {
      McpSchema.ListToolsResult result = client.listTools(cursor).block(timeout);
      if (result == null) {
        return tools;
      }
      if (result.tools() != null) {
        tools.addAll(result.tools());
      }
      cursor = result.nextCursor();
      if (cursor == null || cursor.isEmpty()) {
        return tools;
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

  /** Whether the server answers a ping within two seconds. */
  boolean ping() {
    try {
      client.ping().block(Duration.ofSeconds(2));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Settles every call in flight with {@code message}, running {@code outcome} for each. */
  void failCalls(String message, Runnable outcome) {
    for (PendingCall call : inFlight) {
      call.finish(message, outcome);
    }
  }

  /** Closes the client, gracefully if it can within five seconds, and stops the process. */
  void close() {
    try {
      client.closeGracefully().block(Duration.ofSeconds(5));
    } catch (RuntimeException e) {
      client.close();
    }
    if (process != null) {
      process.close();
    }
  }
}
