package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.TransportHook;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.BiPredicate;
import org.jspecify.annotations.Nullable;

/**
 * Lets a POST body on only when it is one JSON-RPC message the SDK may see (else a JSON-RPC error,
 * see {@link JsonRpcErrors#check}), keeps the parsed message for the steps after it, and marks the
 * era that serves it ({@link TransportHook#isModern}): the steps after it and {@link EraRouter}
 * read the mark.
 */
final class JsonRpcGate extends HttpStep {

  private static final String MESSAGE = JsonRpcGate.class.getName() + ".message";
  private static final String MODERN = JsonRpcGate.class.getName() + ".modern";

  /** Whether a message, received with an {@code MCP-Protocol-Version} header, is modern. */
  private final BiPredicate<JsonNode, @Nullable String> modern;

  /** A gate marking the era of each message by {@code modern} ({@link TransportHook#isModern}). */
  JsonRpcGate(BiPredicate<JsonNode, @Nullable String> modern) {
    this.modern = modern;
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    byte[] body = BoundedBodyReader.body(request);
    if (body != null) {
      JsonNode message = JsonRpcErrors.parse(body);
      boolean isModern =
          message != null && modern.test(message, request.getHeader("MCP-Protocol-Version"));
      // The modern server answers what it refuses itself, in the revision's terms.
      JsonRpcErrors.Refusal refusal = JsonRpcErrors.check(message, !isModern);
      if (refusal != null) {
        JsonRpcErrors.send(response, refusal);
        return;
      }
      request.setAttribute(MESSAGE, message);
      request.setAttribute(MODERN, isModern);
    }
    next.doFilter(request, response);
  }

  /** Whether the message {@code request} carries is served by the 2026-07-28 rules. */
  static boolean modern(HttpServletRequest request) {
    return Boolean.TRUE.equals(request.getAttribute(MODERN));
  }

  /** The message this gate let on with {@code request}, or null (a GET or DELETE). */
  static @Nullable JsonNode message(HttpServletRequest request) {
    return request.getAttribute(MESSAGE) instanceof JsonNode message ? message : null;
  }

  /** The id of the message {@code request} carries, or null (none, or a notification). */
  static @Nullable JsonNode id(HttpServletRequest request) {
    JsonNode message = message(request);
    return message == null ? null : message.get("id");
  }
}
