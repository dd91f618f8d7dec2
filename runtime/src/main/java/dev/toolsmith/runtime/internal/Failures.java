package dev.toolsmith.runtime.internal;

import org.jspecify.annotations.Nullable;

/**
 * Every error text the runtime writes for the model, and how it names a failure in them: the
 * registry's answers ({@code dispatch}), the result helpers and the search tool. One place, so the
 * wording the model learns is the same wherever it is written.
 */
public final class Failures {

  /**
   * What the model sees when even building an error result fails (a hostile exception): a constant,
   * so it can always be answered.
   */
  public static final String EXECUTION_FAILED_JSON = "{\"error\":\"Tool execution failed\"}";

  /** The message of a handler that returned nothing. */
  public static final String NO_RESULT = "Tool returned no result";

  /** The search tool's note when nothing matched. */
  public static final String NO_MATCH = "No tool matches; try other words.";

  /** The search tool's answer to no arguments at all. */
  public static final String SEARCH_NO_ARGUMENTS =
      "the search needs arguments {\"query\": \"what the tool should do\"}";

  /** The search tool's answer to arguments that are not a JSON object. */
  public static final String SEARCH_NOT_AN_OBJECT =
      "the search arguments must be a JSON object with a \"query\" string";

  /** The search tool's answer to arguments that are not JSON. */
  public static final String SEARCH_NOT_JSON = "the search arguments are not valid JSON";

  /** The search tool's answer to arguments without a query. */
  public static final String SEARCH_NO_QUERY = "the search needs a non-empty \"query\" string";

  private Failures() {}

  /** The message of every unknown-tool answer: {@code Unknown tool: NAME}. */
  public static String unknownTool(@Nullable String name) {
    return "Unknown tool: " + name;
  }

  /** The message of every invalid-arguments answer: {@code Invalid arguments for tool NAME}. */
  public static String invalidArguments(String toolName) {
    return "Invalid arguments for tool " + toolName;
  }

  /** The message of a call refused by the tool's availability check. */
  public static String unavailable(String toolName, String reason) {
    return "Tool " + toolName + " is unavailable: " + reason;
  }

  /** The message of a call that needed approval and did not get it. */
  public static String notApproved(String toolName, String reason) {
    return "Tool " + toolName + " was not approved: " + reason;
  }

  /** The message of a call a guard refused, when the guard threw rather than answer. */
  public static String guardFailed(String toolName, Throwable cause) {
    return "Tool " + toolName + " was refused: its guard failed (" + describe(cause) + ")";
  }

  /** The message of a call stopped at its deadline: {@code Tool NAME timed out after 2 s}. */
  public static String deadlinePassed(String toolName, java.time.Duration deadline) {
    return "Tool " + toolName + " timed out after its deadline of " + duration(deadline);
  }

  /** The message of a call its caller cancelled while a deadline watched it. */
  public static String cancelled(String toolName) {
    return "Tool " + toolName + " was cancelled";
  }

  /** {@code 250 ms}, {@code 2 s}, {@code 1.5 s}: a deadline as a person reads it. */
  public static String duration(java.time.Duration duration) {
    long millis = duration.toMillis();
    if (millis < 1000) {
      return millis + " ms";
    }
    return millis % 1000 == 0
        ? millis / 1000 + " s"
        : java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + " s";
  }

  /** The message of a handler that threw: {@code Tool execution failed: TYPE: MESSAGE}. */
  public static String executionFailed(Throwable cause) {
    return "Tool execution failed: " + describe(cause);
  }

  /**
   * {@code TYPE: MESSAGE}, TYPE the simple class name; just TYPE when there is no message or when
   * reading it throws (exception types can override getMessage, and this text must always be
   * built).
   */
  public static String describe(Throwable t) {
    String type = t.getClass().getSimpleName();
    if (type.isEmpty()) { // anonymous class
      type = t.getClass().getName();
    }
    String message;
    try {
      message = t.getMessage();
    } catch (RuntimeException | LinkageError e) {
      message = null;
    }
    return message == null ? type : type + ": " + message;
  }
}
