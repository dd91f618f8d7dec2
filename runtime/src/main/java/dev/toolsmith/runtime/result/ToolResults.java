package dev.toolsmith.runtime.result;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes the JSON strings tools return: results, and errors of the form {@code {"error":"..."}}.
 *
 * <p>Values may be Maps (keys written as strings, in the map's iteration order), Collections
 * (Lists, Sets), strings, numbers, booleans and null, nested up to Jackson's depth limit; anything
 * else is written as its {@code toString()}. Non-ASCII characters are written as they are, never as
 * Unicode escapes. The registry writes its own errors with this class.
 */
public final class ToolResults {

  private ToolResults() {}

  /** {@code {"error":message}}. */
  public static String error(String message) {
    requireNonNull(message, "message == null");
    return JsonCore.write(
        g -> {
          g.writeStartObject();
          g.writeStringField("error", message);
          g.writeEndObject();
        });
  }

  /**
   * {@code {"error":message, ...extra}}: the message first, then {@code extra}'s fields in its
   * iteration order; an {@code "error"} key in {@code extra} is ignored so the message stays the
   * error.
   */
  public static String error(String message, Map<String, ?> extra) {
    requireNonNull(message, "message == null");
    requireNonNull(extra, "extra == null");
    return JsonCore.write(
        g -> {
          g.writeStartObject();
          g.writeStringField("error", message);
          for (Map.Entry<String, ?> field : extra.entrySet()) {
            if (!"error".equals(field.getKey())) {
              g.writeFieldName(String.valueOf(field.getKey()));
              JsonCore.writeValue(g, field.getValue());
            }
          }
          g.writeEndObject();
        });
  }

  /** The map as one JSON object, fields in its iteration order. */
  public static String result(Map<String, ?> data) {
    requireNonNull(data, "data == null");
    return JsonCore.write(g -> JsonCore.writeValue(g, data));
  }

  /** {@code {key:value}}. */
  public static String result(String key, Object value) {
    requireNonNull(key, "key == null");
    return JsonCore.write(
        g -> {
          g.writeStartObject();
          g.writeFieldName(key);
          JsonCore.writeValue(g, value);
          g.writeEndObject();
        });
  }

  /**
   * Whether {@code result} is an error in the registry's shape: a JSON object whose first member is
   * {@code "error"}. Reads only that far, so a large result costs nothing to tell. A tool whose own
   * result starts so reads as an error too, as it does to the model.
   */
  public static boolean isError(String result) {
    return opensWith(result, "error", null);
  }

  /**
   * Whether {@code result} is the notice of a result spilled to a file (see {@link ResultBudget}):
   * a JSON object whose first member is {@code "truncated": true}. Reads only that far.
   */
  public static boolean isTruncated(String result) {
    return opensWith(result, "truncated", JsonToken.VALUE_TRUE);
  }

  /**
   * Whether {@code result} is a JSON object whose first member is {@code name}, with the value
   * {@code value} when one is given. Reads only that far.
   */
  private static boolean opensWith(String result, String name, @Nullable JsonToken value) {
    requireNonNull(result, "result == null");
    if (!result.startsWith("{")) {
      return false;
    }
    try (JsonParser parser = JsonCore.FACTORY.createParser(result)) {
      return parser.nextToken() == JsonToken.START_OBJECT
          && parser.nextToken() == JsonToken.FIELD_NAME
          && name.equals(parser.currentName())
          && (value == null || parser.nextToken() == value);
    } catch (IOException notJson) {
      return false;
    }
  }

  /** Any supported value (see the class comment) as JSON text: an array, a string, a number... */
  public static String json(Object value) {
    return JsonCore.write(g -> JsonCore.writeValue(g, value));
  }

  /**
   * What the model gets when its arguments break a tool's schema: {@code {"error":"Invalid
   * arguments for tool NAME","problems":[{"path":..,"expected":..,"got":..}]}}.
   */
  public static String invalidArguments(String toolName, List<ArgumentProblem> problems) {
    requireNonNull(toolName, "toolName == null");
    requireNonNull(problems, "problems == null");
    return problems(Failures.invalidArguments(toolName), problems);
  }

  /** {@code {"error":message,"problems":[...]}}. */
  private static String problems(String message, List<ArgumentProblem> problems) {
    return JsonCore.write(
        g -> {
          g.writeStartObject();
          g.writeStringField("error", message);
          g.writeArrayFieldStart("problems");
          for (ArgumentProblem problem : problems) {
            g.writeStartObject();
            g.writeStringField("path", problem.path());
            g.writeStringField("expected", problem.expected());
            g.writeStringField("got", problem.got());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        });
  }
}
