package dev.toolsmith.runtime.result;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * How large a result {@link dev.toolsmith.runtime.ToolRegistry#dispatch} hands back. A result over
 * its tool's limit (the tool's own {@link dev.toolsmith.runtime.ToolEntry#maxResultChars()}, else
 * {@link #defaultMaxResultChars()}) is written in full to a spill file and replaced by a short JSON
 * object:
 *
 * <pre>{@code
 * {"truncated":true,"tool":"search","chars":250000,"max_chars":100000,"id":"search-123",
 *  "path":"/tmp/toolsmith-results/search-123.txt","preview":"first part...",
 *  "message":"The result of search was 250000 characters, over its limit of 100000; ..."}
 * }</pre>
 *
 * <p>The registry that spilled a result offers the tool {@code read_spilled_result}, which reads it
 * back by {@code id}, offset and length, so a model without a file tool can open it.
 *
 * <p>An error's message (the {@code "error"} string of an error object) is cut to {@link
 * #maxErrorChars()} whatever the tool's limit, so a runaway exception text cannot fill the
 * conversation. A tool whose limit is {@link #UNBOUNDED} is never spilled.
 *
 * <p>Spill files are meant to be read within a conversation: the first spill of a process into a
 * directory deletes that directory's spill files older than 24 hours.
 */
public final class ResultBudget {

  /** A tool limit meaning "never spill": {@code @Tool(maxResultChars = Integer.MAX_VALUE)}. */
  public static final int UNBOUNDED = Integer.MAX_VALUE;

  /** The default limit of a tool without its own. */
  public static final int DEFAULT_MAX_RESULT_CHARS = 100_000;

  /** The default length of the preview of a spilled result. */
  public static final int DEFAULT_PREVIEW_CHARS = 1_500;

  /** The default longest error message. */
  public static final int DEFAULT_MAX_ERROR_CHARS = 2_048;

  /** What ends an error message that was cut. */
  public static final String TRUNCATION_MARKER = "… [truncated]";

  private static final ResultBudget DEFAULTS = builder().build();

  private final int defaultMaxResultChars;
  private final int previewChars;
  private final int maxErrorChars;
  private final Path spillDirectory;

  private ResultBudget(Builder builder) {
    this.defaultMaxResultChars = builder.defaultMaxResultChars;
    this.previewChars = builder.previewChars;
    this.maxErrorChars = builder.maxErrorChars;
    this.spillDirectory = builder.spillDirectory;
  }

  /** 100,000 characters per result, 1,500 characters of preview, 2,048 per error message. */
  public static ResultBudget defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The default spill directory: {@code toolsmith-results-USER} under the system temp directory,
   * one per user (a shared temp directory would otherwise make users' results collide, and the
   * first user's directory would refuse the others).
   */
  public static Path defaultSpillDirectory() {
    String user = fileNamePart(System.getProperty("user.name", ""));
    return Path.of(
        System.getProperty("java.io.tmpdir"),
        user.isEmpty() ? "toolsmith-results" : "toolsmith-results-" + user);
  }

  /**
   * {@code text} with every code point but {@code A-Z a-z 0-9 . _ -} replaced by {@code _}. A loop,
   * not a regular expression: every registry's defaults ask for it at start-up.
   */
  private static String fileNamePart(String text) {
    StringBuilder part = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      boolean kept =
          (c >= 'A' && c <= 'Z')
              || (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == '.'
              || c == '_'
              || c == '-';
      part.append(kept ? (char) c : '_');
      i += Character.charCount(c);
    }
    return part.toString();
  }

  /** The limit of a tool that has none of its own. */
  public int defaultMaxResultChars() {
    return defaultMaxResultChars;
  }

  /** The longest preview of a spilled result (never more than half the tool's limit). */
  public int previewChars() {
    return previewChars;
  }

  /** The longest error message before it is cut. */
  public int maxErrorChars() {
    return maxErrorChars;
  }

  /** Where spilled results are written; created when first needed. */
  public Path spillDirectory() {
    return spillDirectory;
  }

  @Override
  public String toString() {
    return "ResultBudget{max="
        + defaultMaxResultChars
        + ", preview="
        + previewChars
        + ", maxError="
        + maxErrorChars
        + ", dir="
        + spillDirectory
        + "}";
  }

  /** Configures a {@link ResultBudget}. */
  public static final class Builder {
    private int defaultMaxResultChars = DEFAULT_MAX_RESULT_CHARS;
    private int previewChars = DEFAULT_PREVIEW_CHARS;
    private int maxErrorChars = DEFAULT_MAX_ERROR_CHARS;
    private Path spillDirectory = defaultSpillDirectory();

    private Builder() {}

    /** The limit of a tool without its own; {@link #UNBOUNDED} for none. */
    public Builder defaultMaxResultChars(int chars) {
      this.defaultMaxResultChars = positive(chars, "defaultMaxResultChars");
      return this;
    }

    /** The longest preview of a spilled result. */
    public Builder previewChars(int chars) {
      this.previewChars = positive(chars, "previewChars");
      return this;
    }

    /** The longest error message; {@link #UNBOUNDED} to never cut. */
    public Builder maxErrorChars(int chars) {
      this.maxErrorChars = positive(chars, "maxErrorChars");
      return this;
    }

    /**
     * Where spilled results are written. The directory is created readable by its owner only; one
     * that is a symbolic link or owned by another user is refused (the result then comes back as
     * its preview alone).
     */
    public Builder spillDirectory(Path directory) {
      this.spillDirectory = requireNonNull(directory, "directory == null");
      return this;
    }

    /** The budget. */
    public ResultBudget build() {
      return new ResultBudget(this);
    }

    private static int positive(int value, String name) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be at least 1; found " + value);
      }
      return value;
    }
  }
}
