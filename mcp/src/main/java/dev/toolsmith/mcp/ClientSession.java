package dev.toolsmith.mcp;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/** One live client of a server; the calls made through it fail together when it dies. */
final class ClientSession {

  private static final int MAX_PAGES = 100;

  final McpAsyncClient client;
  final @Nullable ProcessTransport process; // null over HTTP
  final Set<PendingCall> inFlight = ConcurrentHashMap.newKeySet();

  ClientSession(McpAsyncClient client, @Nullable ProcessTransport process) {
    this.client = client;
    this.process = process;
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
      if (process != null && process.hasExited()) {
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

  /** The server's tools, page after page (at most 100), each page within {@code timeout}. */
  List<McpSchema.Tool> listTools(Duration timeout) {
    List<McpSchema.Tool> tools = new ArrayList<>();
    String cursor = McpSchema.FIRST_PAGE;
    for (int page = 0; page < MAX_PAGES; page++) {
      McpSchema.ListToolsResult result = client.listTools(cursor).block(timeout);
      if (result == null) {
        break;
      }
      if (result.tools() != null) {
        tools.addAll(result.tools());
      }
      cursor = result.nextCursor();
      if (cursor == null || cursor.isEmpty()) {
        break;
      }
    }
    return tools;
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
