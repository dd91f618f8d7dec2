package dev.toolsmith.runtime;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The spill files of oversized results, for a result that reaches this process as a stream too long
 * to hold (an MCP server's answer over its message limit): the same directory handling, file names
 * and notice as a local tool's result spilled by the {@link ResultBudget}.
 */
public final class ResultSpill {

  private ResultSpill() {}

  /**
   * A new empty spill file for a result of {@code tool} in {@code directory}, which is created
   * readable by its owner only (or checked) and pruned of old spill files as for a local spill.
   */
  public static Path newFile(Path directory, String tool) throws IOException {
    return OversizeResults.newFile(directory, tool);
  }

  /**
   * The notice that replaces a result of {@code chars} characters, over {@code limit}, that was
   * written to {@code file}; {@code preview} is its first part.
   */
  public static String notice(String tool, long chars, long limit, String preview, Path file) {
    return OversizeResults.notice(tool, chars, limit, preview, file, null);
  }

  /**
   * The notice for a result that could not be saved ({@code failure}): only its preview is kept.
   */
  public static String unsaved(
      String tool, long chars, long limit, String preview, Exception failure) {
    return OversizeResults.notice(tool, chars, limit, preview, null, failure);
  }

  /** The preview of a spilled result: at most {@code max} characters, ending at a line break. */
  public static String preview(String text, int max) {
    return OversizeResults.preview(text, max);
  }
}
