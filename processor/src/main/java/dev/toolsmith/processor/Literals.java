package dev.toolsmith.processor;

import dev.toolsmith.schema.NumberBounds;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** Java source literals that stay ASCII whatever the compiler's source encoding. */
final class Literals {

  private Literals() {}

  /**
   * {@code text} as a Java string literal; non-ASCII as {@code \\uXXXX}, controls as octal escapes.
   */
  static String string(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20) {
            // Never \\u000a-style here: javac turns those into real line breaks before lexing.
            out.append(String.format("\\%03o", (int) c));
          } else if (c < 0x7f) {
            out.append(c);
          } else {
            out.append(String.format("\\u%04x", (int) c));
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /**
   * {@code json} as a Java text block on one line: JSON's many quotes need no escapes there, which
   * keeps generated sources close to the size of the schemas they carry.
   */
  static String textBlock(String json) {
    StringBuilder out = new StringBuilder(json.length() + 16).append("\"\"\"\n");
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      boolean tripleQuote = c == '"' && i + 2 < json.length() && json.startsWith("\"\"", i + 1);
      if (c == '\\') {
        out.append("\\\\");
      } else if (tripleQuote || (c == '"' && i == json.length() - 1)) {
        out.append("\\\""); // never three quotes in a row, nor one just before the end
      } else if (c < 0x20) {
        out.append(String.format("\\%03o", (int) c));
      } else if (c < 0x7f) {
        out.append(c);
      } else {
        out.append(String.format("\\u%04x", (int) c));
      }
    }
    return out.append("\"\"\"").toString();
  }

  /**
   * {@code value} as the schema states it and the reader is given it: a whole number in plain
   * digits (up to 40 of them), a fraction in plain digits when short, else in E notation.
   */
  static String decimal(BigDecimal value) {
    return NumberBounds.decimalText(value);
  }

  /** A Java expression of {@code value}'s {@link #decimal} text, or {@code null}. */
  static String decimalOrNull(@Nullable BigDecimal value) {
    return value == null ? "null" : string(decimal(value));
  }
}
