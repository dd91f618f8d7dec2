package dev.toolsmith.mcp.client;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** How failures and durations read in the messages a user sees. */
final class Reasons {

  private Reasons() {}

  /** {@code 2s}, or {@code 1500ms} when not whole seconds. */
  static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }

  /** A failure as {@code TYPE: MESSAGE} of its root cause, the wrappers around it dropped. */
  static String describe(Throwable thrown) {
    Throwable t = root(thrown);
    if (t instanceof TimeoutException) {
      return "no answer in time";
    }
    String type = t.getClass().getSimpleName();
    return t.getMessage() == null ? type : type + ": " + t.getMessage();
  }

  /** The innermost cause of {@code thrown}, looking at most 16 causes deep. */
  static Throwable root(Throwable thrown) {
    Throwable t = thrown;
    for (int i = 0; i < 16 && t.getCause() != null && t.getCause() != t; i++) {
      t = t.getCause();
    }
    return t;
  }
}
