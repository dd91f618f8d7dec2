package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Which era serves a client's message, as the specification's "Backward Compatibility with
 * Initialization-Based Versions" says a dual-era server picks: a request carrying modern
 * per-request {@code _meta} (a protocol version there) is served statelessly by the 2026-07-28
 * rules, and so is a method only that revision has; {@code initialize} without that {@code _meta}
 * selects the legacy rules for its session (HTTP) or process (stdio), and every other message goes
 * to the legacy server too, which answers it by its own state. Over HTTP, an {@code
 * MCP-Protocol-Version} header naming a revision after the last legacy one is modern as well, so
 * that the modern rules answer it (an unsupported version, a missing {@code _meta}).
 */
final class Eras {

  /** The {@code _meta} key a modern request names its protocol version with. */
  static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";

  private static final Set<String> MODERN_METHODS =
      Set.of("server/discover", "subscriptions/listen");

  /** The last revision that opens with {@code initialize}. */
  private static final String LAST_LEGACY = "2025-11-25";

  /** What a revision's name looks like: its date. */
  private static final Pattern REVISION = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  private Eras() {}

  /** Whether {@code message}, received with {@code versionHeader} (HTTP; null), is modern. */
  static boolean modern(JsonNode message, @Nullable String versionHeader) {
    JsonNode meta = message.path("params").path("_meta");
    return modern(message.path("method").textValue(), meta.isObject() && meta.has(PROTOCOL_VERSION))
        || (versionHeader != null && afterLegacy(versionHeader.strip()));
  }

  private static boolean afterLegacy(String revision) {
    return REVISION.matcher(revision).matches() && revision.compareTo(LAST_LEGACY) > 0;
  }

  /**
   * Whether a message calling {@code method}, with or without a modern {@code _meta}, is modern.
   */
  static boolean modern(@Nullable String method, boolean metaClaim) {
    return metaClaim || (method != null && MODERN_METHODS.contains(method));
  }
}
