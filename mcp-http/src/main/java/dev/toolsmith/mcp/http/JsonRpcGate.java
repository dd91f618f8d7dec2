package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Lets a POST body on only when it is one JSON-RPC message the SDK may see (else a JSON-RPC error,
 * see {@link JsonRpcErrors#check}), and keeps the parsed message for the steps after it.
 */
final class JsonRpcGate extends HttpStep {

  private static final String MESSAGE = JsonRpcGate.class.getName() + ".message";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    byte[] body = BoundedBodyReader.body(request);
    if (body != null) {
      JsonRpcErrors.Refusal refusal = JsonRpcErrors.check(body);
      if (refusal != null) {
        JsonRpcErrors.send(response, refusal);
        return;
      }
      request.setAttribute(MESSAGE, MAPPER.readTree(body));
    }
    next.doFilter(request, response);
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
