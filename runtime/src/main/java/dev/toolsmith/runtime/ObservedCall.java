package dev.toolsmith.runtime;

import org.jspecify.annotations.Nullable;

/**
 * One dispatch its observers watch: started by {@code CallObservers.start}, told by dispatch how
 * the call failed when it did, and ended once the result is ready. Used by one thread, the
 * dispatching one.
 */
final class ObservedCall {

  private final String name;
  private final ToolContext context;
  private final ToolObserver.CallEnd[] ends;
  private final long startNanos;
  private ToolCallResult.@Nullable Outcome outcome;
  private @Nullable Throwable failure;

  ObservedCall(String name, ToolContext context, ToolObserver.CallEnd[] ends) {
    this.name = name;
    this.context = context;
    this.ends = ends;
    this.startNanos = System.nanoTime();
  }

  /** The context the tool gets: the caller's, with the trace headers an observer gave. */
  ToolContext context() {
    return context;
  }

  /** The call ended as {@code outcome}, before its result was ready. */
  void outcome(ToolCallResult.Outcome outcome) {
    this.outcome = outcome;
  }

  /** The call ended as {@code outcome} because {@code failure} was thrown. */
  void failed(ToolCallResult.Outcome outcome, Throwable failure) {
    this.outcome = outcome;
    this.failure = failure;
  }

  /**
   * Tells the observers how the call ended and returns {@code result}, untouched. A result without
   * an outcome told is a {@link ToolCallResult.Outcome#RESULT}, unless it is an error object the
   * tool returned itself.
   */
  String end(String result) {
    long duration = System.nanoTime() - startNanos;
    ToolCallResult.Outcome told = outcome;
    if (told == null) {
      told = isError(result) ? ToolCallResult.Outcome.TOOL_FAILURE : ToolCallResult.Outcome.RESULT;
    }
    ToolCallResult ended = new ToolCallResult(told, result, duration, failure);
    for (ToolObserver.CallEnd end : ends) {
      try {
        end.ended(ended);
      } catch (Throwable t) { // the contract: an observer cannot break a call
        CallObservers.warn(end, "the end of a call of '" + name + "'", t);
      }
    }
    return result;
  }

  /**
   * {@link ToolResults#isError}, after a look at the first key that answers most results without a
   * parser: only a first key spelled {@code "error"} or starting with an escape is parsed.
   */
  static boolean isError(String result) {
    if (!result.startsWith("{")) {
      return false;
    }
    int i = 1;
    while (i < result.length() && Character.isWhitespace(result.charAt(i))) {
      i++;
    }
    boolean escaped = result.startsWith("\"\\", i);
    if (!escaped && !result.startsWith("\"error\"", i)) {
      return false;
    }
    try {
      return ToolResults.isError(result);
    } catch (RuntimeException e) { // never: isError reads only the start; a result is still one
      return false;
    }
  }
}
