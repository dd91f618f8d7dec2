package dev.toolsmith.schema.definition;

/**
 * JSON strings appended to a {@link StringBuilder}, escaped exactly as Jackson's generators (with
 * their defaults) escape them, so definitions are joined as text without a generator per tool.
 */
final class JsonText {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private JsonText() {}

  /**
   * Appends {@code value} as a JSON string: quotes, backslashes and control characters escaped (the
   * short forms where JSON has one), everything else, non-ASCII included, as it is.
   */
  static StringBuilder string(StringBuilder out, String value) {
    out.append('"');
    int start = 0;
    int length = value.length();
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      if (c >= 0x20 && c != '"' && c != '\\') {
        continue;
      }
      out.append(value, start, i).append('\\');
      switch (c) {
        case '"' -> out.append('"');
        case '\\' -> out.append('\\');
        case '\b' -> out.append('b');
        case '\t' -> out.append('t');
        case '\f' -> out.append('f');
        case '\n' -> out.append('n');
        case '\r' -> out.append('r');
        default -> out.append("u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
      start = i + 1;
    }
    return out.append(value, start, length).append('"');
  }
}
