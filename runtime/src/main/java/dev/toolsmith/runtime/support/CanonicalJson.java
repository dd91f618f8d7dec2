package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * JSON values kept as text: buffered exactly (numbers as written, never through a {@code double})
 * and written in a canonical form, so that two values are JSON-equal exactly when their canonical
 * texts are (numbers by value: {@code 1.0}, {@code 1.00} and {@code 1} are one; {@code -0.0} is
 * {@code 0}; object members in any order).
 */
final class CanonicalJson {

  private CanonicalJson() {}

  /** The current value of {@code p}, copied exactly; {@code p} is left on its last token. */
  static String copy(JsonParser p) throws IOException {
    StringWriter buffer = new StringWriter();
    try (JsonGenerator g = ArgumentJson.ARGUMENTS.createGenerator(buffer)) {
      int depth = 0;
      do {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
          g.writeNumber(p.getText()); // the token's own text: no rounding, no "Infinity"
        } else {
          g.copyCurrentEvent(p);
        }
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
          depth++;
        } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
          depth--;
        }
        if (depth > 0 && p.nextToken() == null) {
          throw new IOException("unexpected end of input");
        }
      } while (depth > 0);
    }
    return buffer.toString();
  }

  /** The canonical text of the current value of {@code p}; {@code p} is left on its last token. */
  static String canonical(JsonParser p) throws IOException {
    StringBuilder out = new StringBuilder();
    canonical(p, out);
    return out.toString();
  }

  /**
   * The number of items of the JSON array {@code arrayText}, negated and less one when two of them
   * are JSON-equal.
   */
  static int distinct(String arrayText) throws IOException {
    Set<String> seen = new HashSet<>();
    int size = 0;
    boolean repeated = false;
    try (JsonParser p = ArgumentJson.ARGUMENTS.createParser(arrayText)) {
      p.nextToken();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        size++;
        repeated |= !seen.add(canonical(p));
      }
    }
    return repeated ? -size - 1 : size;
  }

  /**
   * {@code reader} applied to the JSON array at {@code in} after the array was found to have no two
   * JSON-equal items; null with a problem when it has ({@code expected} words it, or the set
   * readers' words when null).
   */
  static <T> @Nullable T readDistinct(
      ArgumentReader in, ValueReader<T> reader, @Nullable String expected) throws IOException {
    String text = copy(in.parser());
    int size = distinct(text);
    if (size < 0) {
      if (expected == null) {
        in.problem("array of distinct items", "array with duplicates");
      } else {
        in.problem(expected, "array of " + (-size - 1) + " with duplicates");
      }
      return null;
    }
    return in.replay(text, reader);
  }

  private static void canonical(JsonParser p, StringBuilder out) throws IOException {
    JsonToken token = p.currentToken();
    switch (token) {
      case START_ARRAY -> {
        List<String> items = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          items.add(canonical(p));
        }
        out.append('[').append(String.join(",", items)).append(']');
      }
      case START_OBJECT -> {
        Map<String, String> members = new TreeMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          members.put(quote(name), canonical(p));
        }
        out.append('{');
        members.forEach((k, v) -> out.append(k).append(':').append(v).append(','));
        out.append('}');
      }
      case VALUE_STRING -> out.append(quote(p.getText()));
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        // scale checked by the caller's limits; stripTrailingZeros is linear in the digits
        BigDecimal value = p.getDecimalValue();
        out.append(value.signum() == 0 ? "0" : value.stripTrailingZeros().toString());
      }
      default -> out.append(token.asString());
    }
  }

  private static String quote(String text) {
    StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      quoted.append(c == '"' || c == '\\' ? "\\" : "").append(c);
    }
    return quoted.append('"').toString();
  }
}
