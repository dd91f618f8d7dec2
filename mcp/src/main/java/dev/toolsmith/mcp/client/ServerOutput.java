package dev.toolsmith.mcp.client;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A stdio server's output read as JSON-RPC messages for the client's {@link Inbox}, each line
 * within the server's {@code maxMessageBytes}. A line that is not JSON-RPC is skipped (some servers
 * log to stdout); an answer too long or unreadable fails the request it answers at once, as an
 * error answer with its id, instead of leaving the call to its timeout; a too-long answer to a
 * {@code tools/call} is spilled to a file instead, as a local tool's oversized result.
 */
final class ServerOutput implements MessageLines.Sink {

  private static final Logger LOG = System.getLogger(ProcessTransport.class.getName());

  private final String server;
  private final int maxMessageBytes;
  private final Inbox inbox;
  private final Consumer<String> onLost;
  private final SentToolCalls toolCalls;

  /**
   * @param onLost told why when an oversized line answers no request that can be named: only a new
   *     connection is then sure not to leave a call waiting
   * @param toolCalls the {@code tools/call} requests sent and not yet answered: an oversized answer
   *     to one is spilled to a file, not failed
   */
  ServerOutput(
      String server,
      int maxMessageBytes,
      Inbox inbox,
      Consumer<String> onLost,
      SentToolCalls toolCalls) {
    this.server = server;
    this.maxMessageBytes = maxMessageBytes;
    this.inbox = inbox;
    this.onLost = onLost;
    this.toolCalls = toolCalls;
  }

  /** Reads {@code in} to its end. */
  void read(InputStream in) throws IOException {
    new MessageLines(maxMessageBytes, () -> UpstreamSpill.withDefaults(server, maxMessageBytes))
        .read(in, this);
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
        toolCalls.answered(id);
        deliver(failedAnswer(id, "its answer could not be read: " + Reasons.describe(e)));
        return;
      }
      // Some servers log to stdout: skip the line instead of dropping the connection.
      LOG.log(
          Level.DEBUG,
          () -> "MCP server '" + server + "' wrote a line that is not JSON-RPC: " + line);
      return;
    }
    if (message instanceof McpSchema.JSONRPCResponse response && response.id() != null) {
      toolCalls.answered(response.id());
    }
    deliver(message);
  }

  @Override
  public void oversized(long bytes, TopLevelFields fields) {
    Object id = fields.id();
    String tool = id == null || fields.hasMethod() ? null : toolCalls.answered(id);
    UpstreamSpill spill = fields.spill();
    if (spill != null) {
      String notice =
          tool == null ? null : spill.finish(ToolNames.of(server, tool), maxMessageBytes);
      if (notice != null) {
        LOG.log(
            Level.INFO,
            () ->
                "MCP server '"
                    + server
                    + "' answered "
                    + tool
                    + " with "
                    + bytes
                    + " bytes, over max_message_bytes; spilled");
        deliver(spilledAnswer(requireNonNull(id), notice));
        return;
      }
      spill.abandon();
    }
    String problem =
        "sent a message of "
            + bytes
            + " bytes, over its limit of "
            + maxMessageBytes
            + " (max_message_bytes)";
    LOG.log(Level.WARNING, () -> "MCP server '" + server + "' " + problem + "; dropped");
    if (fields.hasMethod()) {
      return; // a request or notification of the server's: nothing here waits for it
    }
    if (id != null) {
      deliver(failedAnswer(id, "the server " + problem));
    } else {
      onLost.accept(problem);
    }
  }

  /** A tools/call answer whose text, {@code notice}, {@link CallResultJson} passes on as it is. */
  private static McpSchema.JSONRPCResponse spilledAnswer(Object id, String notice) {
    Map<String, Object> result =
        Map.of(
            "content",
            List.of(Map.of("type", "text", "text", notice)),
            "_meta",
            Map.of(CallResultJson.SPILLED_KEY, CallResultJson.SPILLED_TOKEN));
    return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, result, null);
  }

  private static McpSchema.JSONRPCResponse failedAnswer(Object id, String message) {
    return McpSchema.JSONRPCResponse.error(
        id,
        new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR, message));
  }

  private void deliver(McpSchema.JSONRPCMessage message) {
    try {
      inbox.message(message);
    } catch (RuntimeException e) { // one message the client cannot take must not stop the reading
      LOG.log(Level.DEBUG, () -> "MCP server '" + server + "': message handling failed", e);
    }
  }

  /**
   * Where a server's messages go: the legacy SDK client's handler, or the requests of a modern
   * client waiting for their answers; which one can change while the output is read (an era probe
   * that falls back to {@code initialize}).
   */
  @FunctionalInterface
  interface Inbox {
    void message(McpSchema.JSONRPCMessage message);

    /** The output ended: nothing more will arrive. */
    default void ended() {}
  }
}
