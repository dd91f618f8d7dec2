package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpTimeoutException;
import io.modelcontextprotocol.modern.client.transport.McpHttpStatusException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * How a failed {@code server/discover} probe reads: whether it says the server is legacy (and the
 * client falls back to {@code initialize}), and otherwise why the server could not be reached.
 */
final class EraProbe {

  /** The errors only a 2026-07-28 server sends: header mismatch, capability, version. */
  private static final List<Integer> MODERN_ERRORS = List.of(-32020, -32021, -32022);

  private EraProbe() {}

  /**
   * Whether {@code failure} of the probe says the server is legacy: a JSON-RPC error that is not a
   * modern one (or an unsupported version whose supported list names only legacy versions); over
   * HTTP a 4xx other than 401 and 403 without a JSON-RPC error body; over stdio no answer in time.
   * A lost or refused connection, a 5xx, or silence over HTTP (an outage) says nothing.
   */
  static boolean saysLegacy(Throwable failure, boolean stdio) {
    McpException refused = find(failure, McpException.class);
    if (refused != null) {
      int code = refused.error().code();
      return !MODERN_ERRORS.contains(code) || (code == -32022 && onlyLegacy(refused));
    }
    McpHttpStatusException status = find(failure, McpHttpStatusException.class);
    if (status != null) {
      int code = status.statusCode();
      return code >= 400 && code < 500 && code != 401 && code != 403;
    }
    return stdio && timedOut(failure);
  }

  /** Why the probe failed, in the words of a connect failure. */
  static String describe(Throwable failure, Duration wait) {
    if (timedOut(failure)) {
      return "did not answer server/discover within " + Reasons.seconds(wait);
    }
    McpException refused = find(failure, McpException.class);
    if (refused != null) {
      Object data = refused.error().data();
      return "refused server/discover (error "
          + refused.error().code()
          + ": "
          + refused.getMessage()
          + (data == null ? "" : "; " + McpJson.write(data))
          + ")";
    }
    return (Reasons.root(failure) instanceof IOException
            ? "could not connect: "
            : "could not discover: ")
        + Reasons.describe(failure);
  }

  private static boolean timedOut(Throwable failure) {
    return find(failure, TimeoutException.class) != null
        || find(failure, McpTimeoutException.class) != null;
  }

  private static boolean onlyLegacy(McpException refused) {
    McpSchema.UnsupportedProtocolVersionData data;
    try {
      data =
          McpJson.MAPPER.convertValue(
              refused.error().data(), McpSchema.UnsupportedProtocolVersionData.class);
    } catch (IllegalArgumentException e) {
      return false;
    }
    return data != null
        && data.supported() != null
        && !data.supported().isEmpty()
        && data.supported().stream()
            .allMatch(version -> version.compareTo(ModernSession.VERSION) < 0);
  }

  /** The first of {@code failure} and its causes (16 deep) that is a {@code type}. */
  private static <T extends Throwable> @Nullable T find(Throwable failure, Class<T> type) {
    Throwable t = failure;
    for (int i = 0; i < 16 && t != null; i++, t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
