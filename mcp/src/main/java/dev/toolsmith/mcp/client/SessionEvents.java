package dev.toolsmith.mcp.client;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** What a session tells the connection it belongs to. */
interface SessionEvents {

  /**
   * The server's tools changed: {@code listed} is the new list when the SDK fetched it already (a
   * legacy session), null when the connection must list them (2026-07-28).
   */
  void toolsChanged(ClientSession from, @Nullable List<McpSchema.Tool> listed);

  /**
   * A request of {@code session} failed other than with an answer of the server's: over HTTP that
   * does not prove the server gone, so it is asked; a stdio session is lost.
   */
  void failed(ClientSession session, String reason);

  /**
   * The session {@code dead} cannot go on (its process ended, or wrote an oversized message that
   * answers nothing this side can name); null when it is still being opened.
   */
  void lost(@Nullable ClientSession dead, String reason);
}
