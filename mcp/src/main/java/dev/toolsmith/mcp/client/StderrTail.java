package dev.toolsmith.mcp.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The last lines a server wrote to stderr, read in chunks with each line cut to a bound: a server
 * that writes hundreds of megabytes without a newline costs this side a few kilobytes, not the
 * heap.
 */
final class StderrTail {

  /** The most lines kept. */
  static final int LINES = 20;

  /** The longest line kept, in bytes; the rest of a longer line is read and dropped. */
  static final int LINE_BYTES = 4096;

  private final Deque<String> lines = new ArrayDeque<>(); // guarded by itself

  /** Reads {@code in} to its end, keeping its last lines and handing each to {@code each}. */
  void read(InputStream in, Consumer<String> each) throws IOException {
    byte[] chunk = new byte[8192];
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    boolean cut = false;
    int read;
    while ((read = in.read(chunk)) != -1) {
      int from = 0;
      for (int i = 0; i <= read; i++) {
        boolean end = i < read && chunk[i] == '\n';
        if (!end && i < read) {
          continue;
        }
        int count = Math.min(i - from, LINE_BYTES - line.size());
        line.write(chunk, from, count);
        cut |= count < i - from;
        if (end) {
          keep(text(line, cut), each);
          line.reset();
          cut = false;
        }
        from = i + 1;
      }
    }
    if (line.size() > 0 || cut) {
      keep(text(line, cut), each);
    }
  }

  /** The kept lines, oldest first. */
  List<String> lines() {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  private void keep(String text, Consumer<String> each) {
    each.accept(text);
    synchronized (lines) {
      if (lines.size() == LINES) {
        lines.removeFirst();
      }
      lines.addLast(text);
    }
  }

  private static String text(ByteArrayOutputStream line, boolean cut) {
    String text = line.toString(StandardCharsets.UTF_8);
    if (text.endsWith("\r")) {
      text = text.substring(0, text.length() - 1);
    }
    return cut ? text + "… [cut]" : text;
  }
}
