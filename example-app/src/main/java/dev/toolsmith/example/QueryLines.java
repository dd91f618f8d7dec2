package dev.toolsmith.example;

import java.io.IOException;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * Reads standard input one line at a time, each cut at {@link SearchCommand#MAX_QUERY_CHARS}: a
 * line with no end (a binary file piped in) cannot fill the memory.
 */
final class QueryLines {

  private QueryLines() {}

  /**
   * The next line without its end ({@code \n}, {@code \r\n} or {@code \r} before {@code \n}), or
   * null at the end of input.
   */
  static @Nullable String next(Reader in) throws IOException {
    StringBuilder line = new StringBuilder();
    int c = in.read();
    if (c < 0) {
      return null;
    }
    for (; c >= 0 && c != '\n'; c = in.read()) {
      if (line.length() < SearchCommand.MAX_QUERY_CHARS) {
        line.append((char) c);
      }
    }
    int end = line.length();
    if (end > 0 && line.charAt(end - 1) == '\r') {
      line.setLength(end - 1);
    }
    return line.toString();
  }
}
