package dev.toolsmith.runtime.result;

import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.internal.Truncation;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The spill files of oversized results: where the {@link ResultBudget} puts a local tool's result
 * over its limit, and where a result that reaches this process as a stream too long to hold (an MCP
 * server's answer over its message limit) goes, with the same directory handling, file names and
 * notice.
 */
public final class ResultSpill {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  /** The tool a registry offers to read back the results it spilled, by id, offset and length. */
  public static final String READ_TOOL = "read_spilled_result";

  /** How long a spill file is kept: old ones are pruned once per directory and process. */
  static final Duration RETENTION = Duration.ofHours(24);

  /** The spill directories pruned by this process. */
  private static final Set<Path> PRUNED = ConcurrentHashMap.newKeySet();

  /** The most spill files this process remembers as readable, the newest kept. */
  static final int MAX_REMEMBERED = 1_000;

  /** The spill files this process made, by id, oldest first: the only ones read back by id. */
  private static final Map<String, Path> SPILLED =
      Collections.synchronizedMap(
          new LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Path> eldest) {
              return size() > MAX_REMEMBERED;
            }
          });

  private ResultSpill() {}

  /**
   * A new empty spill file for a result of {@code tool} in {@code directory}, which is created
   * readable by its owner only (or checked) and pruned of old spill files as for a local spill.
   */
  public static Path newFile(Path directory, String tool) throws IOException {
    SpillDirectory.prepare(directory);
    if (PRUNED.add(directory.toAbsolutePath())) {
      prune(directory, Instant.now().minus(RETENTION));
    }
    // A temp file: a unique name, and readable by its owner only where the file system allows it.
    Path file = Files.createTempFile(directory, fileStem(tool) + "-", ".txt");
    SPILLED.put(id(file), file);
    return file;
  }

  /** Whether a spill file this process made is still there (old ones are pruned). */
  public static boolean anyLeft() {
    synchronized (SPILLED) {
      SPILLED.values().removeIf(file -> !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS));
      return !SPILLED.isEmpty();
    }
  }

  /** The spill file this process made with {@code id}, if it remembers one. */
  public static Optional<Path> spilled(String id) {
    return Optional.ofNullable(SPILLED.get(id));
  }

  /**
   * The notice that replaces a result of {@code chars} characters, over {@code limit}, that was
   * written to {@code file}; {@code preview} is its first part.
   */
  public static String notice(String tool, long chars, long limit, String preview, Path file) {
    return notice(tool, chars, limit, preview, file, null);
  }

  /**
   * The notice for a result that could not be saved ({@code failure}): only its preview is kept.
   */
  public static String unsaved(
      String tool, long chars, long limit, String preview, Exception failure) {
    return notice(tool, chars, limit, preview, null, failure);
  }

  /**
   * The preview of a spilled result: at most {@code max} characters, ending on a value boundary: in
   * JSON, right after a complete value (a string, a number, an object or array element), never
   * inside one; in other text, at a line break when one is near the end.
   */
  public static String preview(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = Truncation.end(text, max);
    int json = SpillChunks.jsonValueEnd(text, end);
    if (json > 0) {
      return text.substring(0, json);
    }
    int lineEnd = text.lastIndexOf('\n', end - 1);
    if (lineEnd > end / 2) {
      end = lineEnd + 1;
    }
    return text.substring(0, end);
  }

  /** The id a spill file is read by: its name without {@code .txt}. */
  public static String id(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".txt") ? name.substring(0, name.length() - 4) : name;
  }

  /**
   * Up to {@code length} characters of the spilled result in {@code file} from {@code offset}, as
   * the JSON object a model reads: {@code {"id","offset","length","total_chars","text"}} and {@code
   * "next_offset"} while more follows. A surrogate pair is never split.
   *
   * @throws IOException when the file cannot be read (it was pruned, or removed)
   */
  public static String read(Path file, long offset, int length) throws IOException {
    String text = Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
    return SpillChunks.chunk(id(file), text, offset, length);
  }

  /**
   * The notice that replaces a result of {@code chars} characters over {@code limit}: the file it
   * was saved to, or why it could not be saved ({@code failure}), and its preview.
   */
  private static String notice(
      String tool,
      long chars,
      long limit,
      String preview,
      @Nullable Path file,
      @Nullable Exception failure) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("truncated", true);
    fields.put("tool", tool);
    fields.put("chars", chars);
    fields.put("max_chars", limit);
    String head =
        "The result of "
            + tool
            + " was "
            + chars
            + " characters, over its limit of "
            + limit
            + ". ";
    if (file != null) {
      fields.put("id", id(file)); // read back by id with READ_TOOL, which a registry offers
      fields.put("path", file.toString());
    }
    fields.put("preview", preview);
    fields.put(
        "message",
        head
            + (file != null || failure == null
                ? "The whole result is in the file at path (read it in parts with the "
                    + READ_TOOL
                    + " tool, by id); preview holds its first "
                : "It could not be saved ("
                    + Failures.describe(failure)
                    + "); preview holds its first ")
            + preview.length()
            + " characters.");
    return ToolResults.result(fields);
  }

  /**
   * Deletes the spill files older than {@code cutoff}, best effort: spill files are written for the
   * model to read within a conversation, and nothing else removes them. Links are never followed: a
   * link named like a spill file is left alone, and so is what it points to.
   */
  static int prune(Path directory, Instant cutoff) {
    int removed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.txt")) {
      for (Path file : files) {
        try {
          if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
              && Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS)
                  .toInstant()
                  .isBefore(cutoff)) {
            Files.delete(file);
            removed++;
          }
        } catch (IOException e) {
          // another process pruned it first, or it is not ours to delete
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.DEBUG, () -> "Pruning old spill files in " + directory + " failed", e);
    }
    return removed;
  }

  private static String fileStem(String tool) {
    String stem = tool.replaceAll("[^A-Za-z0-9_-]", "_");
    return stem.length() > 64 ? stem.substring(0, 64) : stem;
  }
}
