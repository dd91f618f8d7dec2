package dev.toolsmith.mcp.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Splits a stdio server's output into lines of at most a given number of bytes. A longer line is
 * read to its end without being held (only its top-level fields are noted, and its {@code result}
 * streamed to a spill file), so a server cannot exhaust the heap with one message.
 */
final class MessageLines {

  /** What the lines are handed to. */
  interface Sink {
    /** A line within the limit, without its line end. */
    void line(String line);

    /** A line of {@code bytes} bytes, over the limit, and what its top level said. */
    void oversized(long bytes, TopLevelFields fields);
  }

  private final int maxBytes;
  private final Supplier<@Nullable UpstreamSpill> spills;

  MessageLines(int maxBytes) {
    this(maxBytes, () -> null);
  }

  /**
   * @param spills a spill for each longer line, given its {@code result} as it is read
   */
  MessageLines(int maxBytes, Supplier<@Nullable UpstreamSpill> spills) {
    this.maxBytes = maxBytes;
    this.spills = spills;
  }

  /** Reads {@code in} to its end. */
  void read(InputStream in, Sink sink) throws IOException {
    byte[] chunk = new byte[64 * 1024];
    byte[] line = new byte[Math.min(maxBytes, 64 * 1024)];
    int length = 0;
    long oversizedBytes = 0;
    @Nullable TopLevelFields oversized = null;
    int read;
    while ((read = in.read(chunk)) != -1) {
      int from = 0;
      for (int i = 0; i < read; i++) {
        if (chunk[i] != '\n') {
          continue;
        }
        int count = i - from;
        if (oversized != null) {
          oversized.feed(chunk, from, count);
          sink.oversized(oversizedBytes + count, oversized);
          oversized = null;
        } else if (length + count > maxBytes) {
          sink.oversized(length + (long) count, fields(line, length, chunk, from, count));
        } else {
          line = append(line, length, chunk, from, count);
          sink.line(text(line, length + count));
        }
        length = 0;
        oversizedBytes = 0;
        from = i + 1;
      }
      int rest = read - from;
      if (oversized != null) {
        oversized.feed(chunk, from, rest);
        oversizedBytes += rest;
      } else if (length + rest > maxBytes) {
        oversized = fields(line, length, chunk, from, rest);
        oversizedBytes = length + (long) rest;
        length = 0;
      } else {
        line = append(line, length, chunk, from, rest);
        length += rest;
      }
    }
    if (oversized != null) {
      sink.oversized(oversizedBytes, oversized);
    } else if (length > 0) {
      sink.line(text(line, length));
    }
  }

  private TopLevelFields fields(byte[] line, int length, byte[] chunk, int from, int count) {
    TopLevelFields fields = new TopLevelFields(spills.get());
    fields.feed(line, 0, length);
    fields.feed(chunk, from, count);
    return fields;
  }

  private byte[] append(byte[] line, int length, byte[] chunk, int from, int count) {
    byte[] target = line;
    if (length + count > target.length) {
      int grown = (int) Math.min(maxBytes, 2L * target.length);
      target = Arrays.copyOf(target, Math.max(length + count, grown));
    }
    System.arraycopy(chunk, from, target, length, count);
    return target;
  }

  private static String text(byte[] line, int length) {
    int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
    return new String(line, 0, end, StandardCharsets.UTF_8);
  }
}
