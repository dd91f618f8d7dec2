package dev.toolsmith.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A stdio server's output read as JSON-RPC messages for the client, each line within the server's
 * {@code maxMessageBytes}. A line that is not JSON-RPC is skipped (some servers log to stdout); an
 * answer too long or unreadable fails the request it answers at once, as an error answer with its
 * id, instead of leaving the call to its timeout.
 */
final class ServerOutput implements MessageLines.Sink {

  private static final Logger LOG = System.getLogger(ProcessTransport.class.getName());

  private final String server;
  private final int maxMessageBytes;
  private final Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;
  private final Consumer<String> onLost;

  /**
   * @param onLost told why when an oversized line answers no request that can be named: only a new
   *     connection is then sure not to leave a call waiting
   */
  ServerOutput(
      String server,
      int maxMessageBytes,
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler,
      Consumer<String> onLost) {
    this.server = server;
    this.maxMessageBytes = maxMessageBytes;
    this.handler = handler;
    this.onLost = onLost;
  }

  /** Reads {@code in} to its end. */
  void read(InputStream in) throws IOException {
    new MessageLines(maxMessageBytes).read(in, this);
  }

  @Override
  public void line(String line) {
    McpSchema.JSONRPCMessage message;
    try {
      message = McpSchema.deserializeJsonRpcMessage(McpJson.SDK, line);
    } catch (IOException | RuntimeException e) {
      TopLevelFields fields = new TopLevelFields();
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      fields.feed(bytes, 0, bytes.length);
      Object id = fields.id();
      if (id != null && !fields.hasMethod()) {
        // An answer this side cannot read (e.g. over Jackson's limits): fail its request now.
        deliver(failedAnswer(id, "its answer could not be read: " + Reasons.describe(e)));
        return;
      }
      // Some servers log to stdout: skip the line instead of dropping the connection.
      LOG.log(
          Level.DEBUG,
          () -> "MCP server '" + server + "' wrote a line that is not JSON-RPC: " + line);
      return;
    }
    deliver(message);
  }

  @Override
  public void oversized(long bytes, TopLevelFields fields) {
    String problem =
        "sent a message of "
            + bytes
            + " bytes, over its limit of "
            + maxMessageBytes
            + " (max_message_bytes)";
    LOG.log(Level.WARNING, () -> "MCP server '" + server + "' " + problem + "; dropped");
    Object id = fields.id();
    if (fields.hasMethod()) {
      return; // a request or notification of the server's: nothing here waits for it
    }
    if (id != null) {
      deliver(failedAnswer(id, "the server " + problem));
    } else {
      onLost.accept(problem);
    }
  }

  private static McpSchema.JSONRPCResponse failedAnswer(Object id, String message) {
    return McpSchema.JSONRPCResponse.error(
        id,
        new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR, message));
  }

  private void deliver(McpSchema.JSONRPCMessage message) {
    handler
        .apply(Mono.just(message))
        .subscribe(
            ignored -> {},
            error ->
                LOG.log(
                    Level.DEBUG,
                    () -> "MCP server '" + server + "': message handling failed",
                    error));
  }
}
