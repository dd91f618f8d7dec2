package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * HTTP error answers as JSON-RPC error objects with short fixed messages, and the checks a POST
 * body passes before the SDK reads it: one JSON object, {@code "jsonrpc":"2.0"}, an id that is a
 * string or an integer, a string method, object arguments for a {@code tools/call}; a response (the
 * server sends no requests) is refused.
 */
final class JsonRpcErrors {

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int SERVER_ERROR = -32000;
  static final int SESSION_NOT_FOUND = -32001;
  static final int INTERNAL_ERROR = -32603;
  static final int INVALID_PARAMS = -32602;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** A refused body: HTTP status, JSON-RPC code and message, and the id when known. */
  record Refusal(int status, int code, String message, @Nullable JsonNode id) {
    Refusal withMessage(String other) {
      return new Refusal(status, code, other, id);
    }
  }

  private JsonRpcErrors() {}

  /** {@code body} as JSON, or null when it is not JSON ({@link #check} says why). */
  static @Nullable JsonNode parse(byte[] body) {
    try {
      JsonNode node = MAPPER.readTree(body);
      return node == null || node.isMissingNode() ? null : node;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Why {@code node} (a body read by {@link #parse}; null when it was not JSON) may not go on to
   * the SDK, or null when it may; {@code legacy} for a message the legacy server takes, which also
   * must not call a tool with arguments that are not an object.
   */
  static @Nullable Refusal check(@Nullable JsonNode node, boolean legacy) {
    if (node == null) {
      return new Refusal(400, PARSE_ERROR, "Parse error: the body is not valid JSON", null);
    }
    if (node.isArray()) {
      return new Refusal(400, INVALID_REQUEST, "Invalid Request: batches are not supported", null);
    }
    if (!node.isObject()) {
      return new Refusal(
          400, INVALID_REQUEST, "Invalid Request: a message must be an object", null);
    }
    JsonNode id = node.get("id");
    if (id != null && !id.isTextual() && !(id.isIntegralNumber() && id.canConvertToLong())) {
      return new Refusal(
          400, INVALID_REQUEST, "Invalid Request: id must be a string or an integer", null);
    }
    if (!"2.0".equals(node.path("jsonrpc").textValue())) {
      return new Refusal(400, INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"", id);
    }
    JsonNode method = node.get("method");
    if (method == null) {
      return node.has("result") || node.has("error")
          ? new Refusal(
              400,
              INVALID_REQUEST,
              "Invalid Request: this server sends no requests to answer",
              null)
          : new Refusal(400, INVALID_REQUEST, "Invalid Request: no method", id);
    }
    if (!method.isTextual()) {
      return new Refusal(400, INVALID_REQUEST, "Invalid Request: method must be a string", id);
    }
    // The SDK's HTTP session answers a tools/call it cannot read with an empty stream.
    JsonNode arguments = node.path("params").path("arguments");
    if (legacy
        && id != null
        && "tools/call".equals(method.textValue())
        && !arguments.isMissingNode()
        && !arguments.isNull()
        && !arguments.isObject()) {
      return new Refusal(
          200,
          INVALID_PARAMS,
          "Invalid params: arguments must be a JSON object;"
              + " found "
              + arguments.getNodeType().toString().toLowerCase(Locale.ROOT),
          id);
    }
    return null;
  }

  /** The JSON-RPC code and short message for an HTTP error status the SDK or Jetty gave. */
  static Refusal forStatus(int status, @Nullable JsonNode id) {
    return switch (status) {
      case 400 -> new Refusal(status, INVALID_REQUEST, "Bad Request", id);
      case 401 -> new Refusal(status, SERVER_ERROR, "Unauthorized: send the bearer token", id);
      case 403 -> new Refusal(status, SERVER_ERROR, "Forbidden: origin not allowed", id);
      case 404 -> new Refusal(status, SESSION_NOT_FOUND, "Session not found", id);
      case 405 -> new Refusal(status, SERVER_ERROR, "Method not allowed", id);
      case 406 ->
          new Refusal(
              status,
              SERVER_ERROR,
              "Not Acceptable: accept application/json and text/event-stream",
              id);
      case 408 -> new Refusal(status, SERVER_ERROR, "Request timed out", id);
      case 413 -> new Refusal(status, INVALID_REQUEST, "Request too large", id);
      case 415 ->
          new Refusal(status, SERVER_ERROR, "Unsupported Media Type: send application/json", id);
      case 421 -> new Refusal(status, SERVER_ERROR, "Misdirected Request: host not allowed", id);
      case 429 -> new Refusal(status, SERVER_ERROR, "Too many sessions", id);
      case 503 -> new Refusal(status, SERVER_ERROR, "Service unavailable", id);
      default ->
          status >= 500
              ? new Refusal(status, INTERNAL_ERROR, "Internal error", id)
              : new Refusal(status, SERVER_ERROR, "HTTP " + status, id);
    };
  }

  /** The JSON text of {@code refusal} as a JSON-RPC error object. */
  static byte[] body(Refusal refusal) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("jsonrpc", "2.0");
    if (refusal.id() == null) {
      node.putNull("id");
    } else {
      node.set("id", refusal.id());
    }
    ObjectNode error = node.putObject("error");
    error.put("code", refusal.code());
    error.put("message", refusal.message());
    return node.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Sends {@code refusal} on {@code response}, when nothing was sent yet. */
  static void send(HttpServletResponse response, Refusal refusal) throws IOException {
    if (response.isCommitted()) {
      return;
    }
    response.resetBuffer();
    response.setStatus(refusal.status());
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    byte[] bytes = body(refusal);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    response.flushBuffer();
  }
}
