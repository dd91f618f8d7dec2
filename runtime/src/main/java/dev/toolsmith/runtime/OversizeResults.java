package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/** Applies a {@link ResultBudget} to one result: an oversized result is spilled to a file. */
final class OversizeResults {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  /** How long a spill file is kept: old ones are pruned once per directory and process. */
  static final Duration RETENTION = Duration.ofHours(24);

  /** The spill directories pruned by this process. */
  private static final Set<Path> PRUNED = ConcurrentHashMap.newKeySet();

  private OversizeResults() {}

  /** {@code result} within the budget of {@code entry}'s tool: spilled to a file when too long. */
  static String apply(ResultBudget budget, ToolEntry entry, String result) {
    int limit = budget.limitOf(entry);
    if (limit == ResultBudget.UNBOUNDED || result.length() <= limit) {
      return result;
    }
    return spill(budget, entry.name(), result, limit);
  }

  /** The first {@code max} characters (never half a surrogate pair) and the truncation marker. */
  static String cut(String text, int max) {
    return text.substring(0, safeEnd(text, max)) + ResultBudget.TRUNCATION_MARKER;
  }

  /**
   * The first part of {@code text}: at most {@code max} characters, ending at a line break if one
   * is near.
   */
  static String preview(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = safeEnd(text, max);
    int lineEnd = text.lastIndexOf('\n', end - 1);
    if (lineEnd > end / 2) {
      end = lineEnd + 1;
    }
    return text.substring(0, end);
  }

  private static int safeEnd(String text, int max) {
    int end = Math.min(max, text.length());
    if (end > 0 && end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  private static String spill(ResultBudget budget, String tool, String text, int limit) {
    String preview = preview(text, Math.max(1, Math.min(budget.previewChars(), limit / 2)));
    try {
      Path file = newFile(budget.spillDirectory(), tool);
      Files.writeString(file, text, StandardCharsets.UTF_8);
      LOG.log(
          Level.INFO,
          () -> "Result of '" + tool + "' (" + text.length() + " chars) spilled to " + file);
      return notice(tool, text.length(), limit, preview, file, null);
    } catch (IOException | RuntimeException e) {
      LOG.log(
          Level.WARNING,
          () ->
              "Result of '"
                  + tool
                  + "' could not be spilled to "
                  + budget.spillDirectory()
                  + "; only its preview is returned",
          e);
      return notice(tool, text.length(), limit, preview, null, e);
    }
  }

  /**
   * The notice that replaces a result of {@code chars} characters over {@code limit}: the file it
   * was saved to, or why it could not be saved ({@code failure}), and its preview.
   */
  static String notice(
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
      fields.put("path", file.toString());
    }
    fields.put("preview", preview);
    fields.put(
        "message",
        head
            + (file != null || failure == null
                ? "The whole result is in the file at path; preview holds its first "
                : "It could not be saved ("
                    + Failures.describe(failure)
                    + "); preview holds its first ")
            + preview.length()
            + " characters.");
    return ToolResults.result(fields);
  }

  /** A new empty spill file for a result of {@code tool}, in {@code directory} made safe first. */
  static Path newFile(Path directory, String tool) throws IOException {
    SpillDirectory.prepare(directory);
    if (PRUNED.add(directory.toAbsolutePath())) {
      prune(directory, Instant.now().minus(RETENTION));
    }
    // A temp file: a unique name, and readable by its owner only where the file system allows it.
    return Files.createTempFile(directory, fileStem(tool) + "-", ".txt");
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
