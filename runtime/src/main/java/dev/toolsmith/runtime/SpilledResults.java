package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ResultSpill;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ToolFailureException;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Applies a {@link ResultBudget} to a registry's results: an oversized result is spilled to a file,
 * and the registry is given, once this process has spilled a result, the built-in tool {@value
 * #TOOL} that reads a spilled result by id, offset and length (available while a spill file of this
 * process is there), so a model without a file tool can still open the whole result.
 */
final class SpilledResults {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  /** The reading tool's name. */
  static final String TOOL = ResultSpill.READ_TOOL;

  /** The reading tool's toolset. */
  static final String TOOLSET = "results";

  /** The most characters one read returns; a read never spills again. */
  static final int MAX_LENGTH = 50_000;

  /** The characters a read returns when it does not say. */
  static final int DEFAULT_LENGTH = 10_000;

  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{"
          + "\"id\":{\"type\":\"string\",\"description\":\"The id of the spilled result, as its"
          + " notice gives it\"},"
          + "\"offset\":{\"type\":\"integer\",\"minimum\":0,\"description\":\"The first character"
          + " to read; 0 by default, next_offset of the previous read to go on\"},"
          + "\"length\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":"
          + MAX_LENGTH
          + ",\"description\":\"How many characters to read; "
          + DEFAULT_LENGTH
          + " by default\"}},"
          + "\"required\":[\"id\"],\"additionalProperties\":false}";

  /** How every spill notice starts (its first member, as ResultSpill writes it). */
  private static final String NOTICE_START = "{\"truncated\":true";

  private final ResultBudget budget;
  private final Consumer<ToolEntry> register;
  private final AtomicBoolean offered = new AtomicBoolean();

  /** Spills by {@code budget}; {@code register} is given the reading tool on the first spill. */
  SpilledResults(ResultBudget budget, Consumer<ToolEntry> register) {
    this.budget = budget;
    this.register = register;
  }

  /**
   * {@code result} within the budget of {@code entry}'s tool: spilled to a file when too long. The
   * reading tool is offered once one of this registry's calls answers with a spill notice: one it
   * spilled here, or an MCP server's answer its client streamed to a file.
   */
  String apply(ToolEntry entry, String result) {
    if (!offered.get() && result.startsWith(NOTICE_START) && ToolResults.isTruncated(result)) {
      offerReader();
    }
    int limit = entry.maxResultChars().orElse(budget.defaultMaxResultChars());
    if (limit == ResultBudget.UNBOUNDED || result.length() <= limit) {
      return result;
    }
    return spill(entry.name(), result, limit);
  }

  private String spill(String tool, String text, int limit) {
    String preview =
        ResultSpill.preview(text, Math.max(1, Math.min(budget.previewChars(), limit / 2)));
    Path file;
    try {
      file = ResultSpill.newFile(budget.spillDirectory(), tool);
      Files.writeString(file, text, StandardCharsets.UTF_8);
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
    LOG.log(
        Level.INFO,
        () -> "Result of '" + tool + "' (" + text.length() + " chars) spilled to " + file);
    offerReader();
    return ResultSpill.notice(tool, text.length(), limit, preview, file);
  }

  /** Registers the reading tool once, unless a tool of that name is there already. */
  private void offerReader() {
    if (offered.compareAndSet(false, true)) {
      try {
        register.accept(reader());
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, () -> "The " + TOOL + " tool could not be registered", e);
      }
    }
  }

  private ToolEntry reader() {
    return ToolEntry.builder(TOOL, TOOLSET)
        .description(
            "Reads part of a tool result that was too long to return whole and was saved instead:"
                + " give the id from its notice, and an offset and length in characters.")
        .schema(SCHEMA)
        .check(ResultSpill::anyLeft)
        .maxResultChars(ResultBudget.UNBOUNDED)
        .handler((ToolHandler.Sync) (arguments, context) -> read(arguments))
        .build();
  }

  /** One read: only a result this process spilled, by its id. */
  private String read(String arguments) throws ToolFailureException, IOException {
    String id = null;
    long offset = 0;
    long length = DEFAULT_LENGTH;
    try (JsonParser parser = JsonCore.FACTORY.createParser(arguments)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw ToolFailureException.failed("arguments must be an object with id");
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (name) {
          case "id" -> id = value == JsonToken.VALUE_STRING ? parser.getText() : null;
          case "offset" ->
              offset = value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : -1;
          case "length" ->
              length = value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : -1;
          default -> parser.skipChildren();
        }
      }
    }
    if (offset < 0 || length < 1 || length > MAX_LENGTH) {
      throw ToolFailureException.failed(
          "offset must be a whole number of at least 0 and length one from 1 to " + MAX_LENGTH);
    }
    Path file = id == null ? null : ResultSpill.spilled(id).orElse(null);
    if (file == null) {
      throw ToolFailureException.failed(
          "No spilled result has the id " + id + ": give the id of a spill notice");
    }
    try {
      return ResultSpill.read(file, offset, (int) length);
    } catch (IOException gone) {
      throw ToolFailureException.unavailable("The spilled result " + id + " is gone: " + gone);
    }
  }
}
