package dev.toolsmith.mcp.client;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ResultSpill;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.jspecify.annotations.Nullable;

/**
 * The {@code result} of one server answer over the message limit, written to a spill file as it is
 * read (never held): its characters counted and its first ones kept for the preview, so the call
 * gets the same notice as a local tool's oversized result. The file holds the result object as the
 * server sent it, and is abandoned past {@link #MAX_SPILL_FACTOR} times the message limit.
 */
final class UpstreamSpill {

  /** How many times the message limit a spilled answer may be before it is refused after all. */
  static final int MAX_SPILL_FACTOR = 16;

  private final Path directory;
  private final String stem;
  private final long maxBytes;
  private final int previewChars;
  private final ByteArrayOutputStream head = new ByteArrayOutputStream();
  private final byte[] buffer = new byte[64 * 1024];
  private int buffered;
  private @Nullable OutputStream out;
  private @Nullable Path file;
  private @Nullable Exception failure;
  private long bytes;
  private long chars;

  UpstreamSpill(Path directory, String server, int maxMessageBytes, int previewChars) {
    this.directory = directory;
    this.stem = "mcp__" + server;
    this.maxBytes = (long) maxMessageBytes * MAX_SPILL_FACTOR;
    this.previewChars = Math.max(1, Math.min(previewChars, maxMessageBytes / 2));
  }

  /** A spill into the default directory with the default preview, as a registry's defaults. */
  static UpstreamSpill withDefaults(String server, int maxMessageBytes) {
    return new UpstreamSpill(
        ResultBudget.defaultSpillDirectory(),
        server,
        maxMessageBytes,
        ResultBudget.DEFAULT_PREVIEW_CHARS);
  }

  /** One more byte of the result. */
  void write(byte b) {
    bytes++;
    if ((b & 0xC0) != 0x80) {
      chars += (b & 0xF8) == 0xF0 ? 2 : 1; // a 4-byte sequence is a surrogate pair in Java
    }
    if (head.size() < previewChars * 4L) {
      head.write(b);
    }
    if (failure != null || bytes > maxBytes) {
      return;
    }
    try {
      if (buffered == buffer.length) {
        flush();
      }
      buffer[buffered++] = b;
      if (bytes == maxBytes) {
        flush(); // so that a result exactly at the cap is whole on disk
      }
    } catch (IOException | RuntimeException e) {
      failure = e;
    }
  }

  private void flush() throws IOException {
    OutputStream target = out;
    if (target == null) {
      Path created = ResultSpill.newFile(directory, stem);
      file = created;
      target = Files.newOutputStream(created);
      out = target;
    }
    target.write(buffer, 0, buffered);
    buffered = 0;
  }

  private void close() throws IOException {
    OutputStream target = out;
    out = null;
    if (target != null) {
      target.close();
    }
  }

  /**
   * The notice for the answer of {@code tool}, over {@code limit} bytes: the file and the preview;
   * null when it had no {@code result} (an error answer) or went past the spill's own bound (the
   * file is then deleted).
   */
  @Nullable String finish(String tool, long limit) {
    if (bytes == 0 || bytes > maxBytes) {
      abandon();
      return null;
    }
    String preview = ResultSpill.preview(head.toString(StandardCharsets.UTF_8), previewChars);
    try {
      if (failure != null) {
        throw failure;
      }
      flush();
      close();
      Path named = ResultSpill.newFile(directory, tool); // the local spill's name for the tool
      Files.move(requireNonNull(file), named, StandardCopyOption.REPLACE_EXISTING);
      file = named;
      return ResultSpill.notice(tool, chars, limit, preview, named);
    } catch (Exception e) {
      abandon();
      return ResultSpill.unsaved(tool, chars, limit, preview, e);
    }
  }

  /** Deletes what was written: the answer is not spilled. */
  void abandon() {
    try {
      close();
      Path written = file;
      if (written != null) {
        Files.deleteIfExists(written);
      }
    } catch (IOException e) {
      // best effort: old spill files are pruned
    }
  }
}
