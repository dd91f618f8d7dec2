package dev.toolsmith.runtime.result;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.internal.Failures;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How one call ended: the value {@link dev.toolsmith.runtime.ToolRegistry#call} answers with, and
 * what a {@link dev.toolsmith.runtime.observation.ToolObserver} is told. Read it to learn what
 * happened; {@link #text()} is what the model gets.
 *
 * @param outcome what kind of answer the model got
 * @param text the text the model gets, as {@code dispatch} returns it (after the error sanitizer
 *     and the result budget): it may hold personal data, so record it only when the application
 *     allows
 * @param durationNanos from just before the arguments are read to the result being ready; an async
 *     tool's stage completed
 * @param failure what the tool threw (unwrapped from the future's wrappers), whatever the outcome
 *     it meant; null when nothing was thrown, also for a tool that returned an error object itself
 *     and for a call the registry refused (unknown, or unavailable by its check); for a call a
 *     guard refused or that was not approved, the {@link
 *     dev.toolsmith.runtime.tool.ToolFailureException} saying why
 * @param spilled whether the tool's result was over its limit, so {@code text} is the notice of the
 *     file it was spilled to (see {@link ResultBudget})
 */
public record ToolCallResult(
    Outcome outcome,
    String text,
    long durationNanos,
    @Nullable Throwable failure,
    boolean spilled) {

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
    /**
     * The tool is registered but its availability check says it cannot be called now, or the tool
     * threw a {@link dev.toolsmith.runtime.tool.ToolFailureException} of that kind (an MCP server
     * disconnected, a circuit open).
     */
    UNAVAILABLE,
    /**
     * The tool gave up waiting: it threw a {@link dev.toolsmith.runtime.tool.ToolFailureException}
     * of that kind.
     */
    TIMEOUT,
    /**
     * The caller cancelled the call (see {@link
     * dev.toolsmith.runtime.tool.ToolContext#isCancelled()}) and the tool failed, or the tool threw
     * a {@link dev.toolsmith.runtime.tool.ToolFailureException} of that kind.
     */
    CANCELLED,
    /**
     * A guard refused the call before the tool ran (a budget spent, the same call repeated): {@link
     * #text()} is the refusal, {@link #failure()} a {@link
     * dev.toolsmith.runtime.tool.ToolFailureException} of that kind whose message says why.
     */
    REFUSED,
    /**
     * The call needed approval and did not get it (denied, or no one could approve): the tool did
     * not run; {@link #failure()} is a {@link dev.toolsmith.runtime.tool.ToolFailureException} of
     * that kind whose message says why.
     */
    DENIED
  }

  public ToolCallResult {
    requireNonNull(outcome, "outcome == null");
    requireNonNull(text, "text == null");
  }

  /** A result that was not spilled. */
  public ToolCallResult(
      Outcome outcome, String text, long durationNanos, @Nullable Throwable failure) {
    this(outcome, text, durationNanos, failure, false);
  }

  /**
   * The answer to a call of a tool nobody offered: {@code {"error":"Unknown tool: NAME"}}, as the
   * registry answers a name it does not hold. For bridges that refuse a name before the registry
   * sees it; the registry's own answer has its message sanitized too.
   */
  public static ToolCallResult unknownTool(@Nullable String name) {
    return new ToolCallResult(
        Outcome.UNKNOWN_TOOL, ToolResults.error(Failures.unknownTool(name)), 0, null);
  }

  /** The call's duration. */
  public Duration duration() {
    return Duration.ofNanos(durationNanos);
  }

  /** The length of the result text, in chars. */
  public int resultChars() {
    return text.length();
  }

  /** Whether the model got an error object (every outcome but {@link Outcome#RESULT}). */
  public boolean isError() {
    return outcome != Outcome.RESULT;
  }
}
