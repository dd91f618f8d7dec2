package dev.toolsmith.springai;

import static java.util.Objects.requireNonNull;

/**
 * A tool call that failed, carrying the registry's error result as its message (JSON text such as
 * {@code {"error":"Unknown tool: nope"}}), so that Spring AI's default exception processor hands
 * the model the same text the registry would have.
 */
public final class ToolsmithToolException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String errorResult;

  /** An exception whose message is {@code errorResult}, the registry's error result. */
  public ToolsmithToolException(String errorResult) {
    super(requireNonNull(errorResult, "errorResult == null"));
    this.errorResult = errorResult;
  }

  /** The registry's error result, JSON text. */
  public String errorResult() {
    return errorResult;
  }
}
