package dev.toolsmith.langchain4j;

/** Tells the registry's error results ({@code {"error":...}}) from other results. */
final class ErrorResults {

  private static final String ERROR_START = "{\"error\":";

  private ErrorResults() {}

  /**
   * Whether {@code result} starts as the registry writes its errors. A tool whose own result is an
   * object whose first member is {@code "error"} reads the same, as it would to the model.
   */
  static boolean isError(String result) {
    return result.startsWith(ERROR_START);
  }
}
