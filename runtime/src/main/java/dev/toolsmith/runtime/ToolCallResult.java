package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How one dispatch ended, as a {@link ToolObserver} is told.
 *
 * @param outcome what kind of answer the model got
 * @param result the text dispatch returns (after the error sanitizer and the result budget): it may
 *     hold personal data, so record it only when the application allows
 * @param durationNanos from just before the arguments are read to the result being ready; an async
 *     tool's stage completed
 * @param failure what the tool threw (unwrapped from the future's wrappers) when the outcome is
 *     {@link Outcome#TOOL_FAILURE} or {@link Outcome#INVALID_ARGUMENTS} by an exception; null
 *     otherwise, also for a tool that returned an error object itself
 */
public record ToolCallResult(
    Outcome outcome, String result, long durationNanos, @Nullable Throwable failure) {

  /** What kind of answer a call gave. */
  public enum Outcome {
    /** The tool ran and returned a result that is not an error object. */
    RESULT,
    /** The tool's argument reader refused the arguments. */
    INVALID_ARGUMENTS,
    /**
     * The tool threw, returned nothing, or returned an error object itself (an MCP server's {@code
     * isError} result included).
     */
    TOOL_FAILURE,
    /** No tool of that name is registered. */
    UNKNOWN_TOOL,
    /** The tool is registered but its availability check says it cannot be called now. */
    UNAVAILABLE
  }

  public ToolCallResult {
    requireNonNull(outcome, "outcome == null");
    requireNonNull(result, "result == null");
  }

  /** The call's duration. */
  public Duration duration() {
    return Duration.ofNanos(durationNanos);
  }

  /** The length of the result text, in chars. */
  public int resultChars() {
    return result.length();
  }

  /** Whether the model got an error object (every outcome but {@link Outcome#RESULT}). */
  public boolean isError() {
    return outcome != Outcome.RESULT;
  }
}
