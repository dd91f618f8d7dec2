package dev.toolsmith.runtime.internal;

import org.jspecify.annotations.Nullable;

/** How the runtime names a failure in the texts it returns and reports. */
public final class Failures {

  private Failures() {}

  /** The message of every unknown-tool answer: {@code Unknown tool: NAME}. */
  public static String unknownTool(@Nullable String name) {
    return "Unknown tool: " + name;
  }

  /** The message of every invalid-arguments answer: {@code Invalid arguments for tool NAME}. */
  public static String invalidArguments(String toolName) {
    return "Invalid arguments for tool " + toolName;
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
