package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ResultSpill;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Applies a {@link ResultBudget} to one result: an oversized result is spilled to a file. */
final class OversizeResults {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private OversizeResults() {}

  /** {@code result} within the budget of {@code entry}'s tool: spilled to a file when too long. */
  static String apply(ResultBudget budget, ToolEntry entry, String result) {
    int limit = entry.maxResultChars().orElse(budget.defaultMaxResultChars());
    if (limit == ResultBudget.UNBOUNDED || result.length() <= limit) {
      return result;
    }
    return spill(budget, entry.name(), result, limit);
  }

  private static String spill(ResultBudget budget, String tool, String text, int limit) {
    String preview =
        ResultSpill.preview(text, Math.max(1, Math.min(budget.previewChars(), limit / 2)));
    try {
      Path file = ResultSpill.newFile(budget.spillDirectory(), tool);
      Files.writeString(file, text, StandardCharsets.UTF_8);
      LOG.log(
          Level.INFO,
          () -> "Result of '" + tool + "' (" + text.length() + " chars) spilled to " + file);
      return ResultSpill.notice(tool, text.length(), limit, preview, file);
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
      return ResultSpill.unsaved(tool, text.length(), limit, preview, e);
    }
  }
}
