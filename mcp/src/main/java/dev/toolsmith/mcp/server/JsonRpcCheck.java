package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolsmith.mcp.internal.McpJson;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Whether one received text is a single JSON-RPC 2.0 message the SDK can take, and if not, the
 * error to answer (when its id can be known). Parsing uses the same Jackson limits as the SDK
 * (nesting 1000, numbers of 1000 digits, strings of 20M characters), so what passes here parses
 * there too.
 */
final class JsonRpcCheck {

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

  /**
   * The verdict on one text: {@code error} is 0 when it may go on to the SDK; {@code method} is the
   * method of a request or notification that may.
   */
  record Verdict(
      int error,
      String message,
      @Nullable Object id,
      boolean response,
      @Nullable String method,
      boolean modernMeta) {

    Verdict(int error, String message, @Nullable Object id, boolean response) {
      this(error, message, id, response, null, false);
    }

    /** Whether the message goes to the 2026-07-28 server (see {@link Eras}). */
    boolean modern() {
      return !response && Eras.modern(method, modernMeta);
    }

    boolean ok() {
      return error == 0;
    }

    /** The JSON-RPC error answer, with the id when known, else {@code "id":null}. */
    String answer() {
      ObjectNode node = McpJson.MAPPER.createObjectNode();
      node.put("jsonrpc", "2.0");
      if (id instanceof String text) {
        node.put("id", text);
      } else if (id instanceof Long number) {
        node.put("id", number);
      } else {
        node.putNull("id");
      }
      ObjectNode error = node.putObject("error");
      error.put("code", this.error);
      error.put("message", message);
      return McpJson.write(node);
    }
  }

  private JsonRpcCheck() {}

  /** Checks {@code text}, one whole message. */
  static Verdict check(String text) {
    @Nullable Object id = null;
    boolean hasId = false;
    boolean idValid = true;
    @Nullable Object jsonrpc = null;
    @Nullable JsonToken method = null;
    @Nullable String methodName = null;
    boolean result = false;
    boolean modernMeta = false;
    try (JsonParser parser = McpJson.MAPPER.getFactory().createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        return new Verdict(PARSE_ERROR, "Parse error: empty message", null, false);
      }
      if (first == JsonToken.START_ARRAY) {
        parser.skipChildren();
        return new Verdict(
            INVALID_REQUEST, "Invalid Request: batches are not supported", null, false);
      }
      if (first != JsonToken.START_OBJECT) {
        return new Verdict(
            INVALID_REQUEST, "Invalid Request: a message must be a JSON object", null, false);
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (field) {
          case "id" -> {
            hasId = true;
            if (value == JsonToken.VALUE_STRING) {
              id = parser.getText();
              idValid = true;
            } else if (value == JsonToken.VALUE_NUMBER_INT
                && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
              id = parser.getLongValue();
              idValid = true;
            } else {
              id = null;
              idValid = false;
            }
          }
          case "jsonrpc" -> jsonrpc = value == JsonToken.VALUE_STRING ? parser.getText() : value;
          case "method" -> {
            method = value;
            methodName = value == JsonToken.VALUE_STRING ? parser.getText() : null;
          }
          case "result", "error" -> result = true;
          case "params" -> {
            if (value == JsonToken.START_OBJECT) {
              modernMeta = claimsModern(parser); // at its end now: skipping goes nowhere
            }
          }
          default -> {
            // other members are the SDK's to read
          }
        }
        parser.skipChildren();
      }
      if (parser.nextToken() != null) {
        return new Verdict(PARSE_ERROR, "Parse error: more than one JSON value", null, false);
      }
    } catch (JsonProcessingException e) {
      return new Verdict(PARSE_ERROR, "Parse error: " + e.getOriginalMessage(), id, false);
    } catch (IOException e) {
      return new Verdict(PARSE_ERROR, "Parse error", id, false);
    }
    if (!idValid) {
      return new Verdict(
          INVALID_REQUEST, "Invalid Request: id must be a string or an integer", null, false);
    }
    if (!"2.0".equals(jsonrpc)) {
      return new Verdict(INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"", id, false);
    }
    if (method == null) {
      if (result && hasId) {
        return new Verdict(0, "", id, true);
      }
      return new Verdict(INVALID_REQUEST, "Invalid Request: no method", id, false);
    }
    if (method != JsonToken.VALUE_STRING) {
      return new Verdict(INVALID_REQUEST, "Invalid Request: method must be a string", id, false);
    }
    return new Verdict(0, "", id, false, methodName, modernMeta);
  }

  /**
   * Whether the params object the parser is at the start of has a {@code _meta} object naming a
   * protocol version; leaves the parser at the end of params.
   */
  private static boolean claimsModern(JsonParser parser) throws IOException {
    boolean claims = false;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String field = parser.currentName();
      JsonToken value = parser.nextToken();
      if ("_meta".equals(field) && value == JsonToken.START_OBJECT) {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          claims |= Eras.PROTOCOL_VERSION.equals(parser.currentName());
          parser.nextToken();
          parser.skipChildren();
        }
      } else {
        parser.skipChildren();
      }
    }
    return claims;
  }
}
