package dev.toolsmith.mcp.client;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What connecting one MCP server did.
 *
 * @param name the server's configuration key
 * @param state whether it connected
 * @param tools the registry names of its tools, sorted
 * @param detail why it failed or was disabled, or the name collisions among its tools
 * @param protocolVersion the MCP revision it speaks when connected ({@code 2026-07-28}, or the
 *     legacy one {@code initialize} agreed on, e.g. {@code 2025-11-25}); else the empty string
 */
public record ServerStatus(
    String name, State state, List<String> tools, String detail, String protocolVersion) {

  /** The outcome for one server. */
  public enum State {
    /** Connected; its tools are registered. */
    CONNECTED,
    /** Could not connect; nothing of it is registered. */
    FAILED,
    /** Switched off in the configuration. */
    DISABLED
  }

  /** Checks that no component is null and copies {@code tools}. */
  public ServerStatus {
    requireNonNull(name, "name == null");
    requireNonNull(state, "state == null");
    tools = List.copyOf(requireNonNull(tools, "tools == null"));
    requireNonNull(detail, "detail == null");
    requireNonNull(protocolVersion, "protocolVersion == null");
  }

  /** A status with no protocol version: a server that is not connected. */
  public ServerStatus(String name, State state, List<String> tools, String detail) {
    this(name, state, tools, detail, "");
  }

  /**
   * One line for a listing, e.g. {@code mcp server everything: connected (MCP 2025-11-25), 11
   * tool(s)}.
   */
  public String describe() {
    return switch (state) {
      case CONNECTED ->
          "mcp server "
              + name
              + ": connected"
              + (protocolVersion.isEmpty() ? "" : " (MCP " + protocolVersion + ")")
              + ", "
              + tools.size()
              + " tool(s)"
              + (detail.isEmpty() ? "" : "; " + detail);
      case FAILED -> "mcp server " + name + ": FAILED: " + detail;
      default -> "mcp server " + name + ": disabled (" + detail + ")";
    };
  }
}
