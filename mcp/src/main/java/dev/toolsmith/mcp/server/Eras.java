package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Which era serves a client's message, as the specification's "Backward Compatibility with
 * Initialization-Based Versions" says a dual-era server picks: a request carrying modern per-request
 * {@code _meta} (a protocol version there) is served statelessly by the 2026-07-28 rules, and so
 * is a method only that revision has; {@code initialize} without that {@code _meta} selects the
 * legacy rules for its session (HTTP) or process (stdio), and every other message goes to the
 * legacy server too, which answers it by its own state. Over HTTP, an {@code MCP-Protocol-Version}
 * header naming no legacy revision is modern as well, so that the modern rules answer it (an
 * unsupported version, a missing {@code _meta}).
 */
final class Eras {

  /** The {@code _meta} key a modern request names its protocol version with. */
  static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";

  private static final Set<String> MODERN_METHODS = Set.of("server/discover", "subscriptions/listen");

  /** Every revision that opens with {@code initialize}. */
  private static final Set<String> LEGACY_VERSIONS =
      Set.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");

  private Eras() {}

  /** Whether {@code message}, received with {@code versionHeader} (HTTP; null), is modern. */
  static boolean modern(JsonNode message, @Nullable String versionHeader) {
    JsonNode meta = message.path("params").path("_meta");
    return modern(message.path("method").textValue(), meta.isObject() && meta.has(PROTOCOL_VERSION))
        || (versionHeader != null && !LEGACY_VERSIONS.contains(versionHeader.strip()));
  }

  /** Whether a message calling {@code method}, with or without a modern {@code _meta}, is modern. */
  static boolean modern(@Nullable String method, boolean metaClaim) {
    return metaClaim || (method != null && MODERN_METHODS.contains(method));
  }
}
