package dev.toolsmith.mcp.client;

/**
 * The two generations of MCP a server may speak, as the 2026-07-28 specification names them; a
 * connection remembers its server's, found by {@link SessionOpener}' probe.
 */
enum Era {
  /** 2026-07-28 and later: no handshake, every request carries its version in {@code _meta}. */
  MODERN,
  /** Up to 2025-11-25: a session opened with {@code initialize}. */
  LEGACY
}
