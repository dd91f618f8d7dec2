package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import java.util.function.BooleanSupplier;

/** Availability checks as generated adapters create them. */
public final class FailingCheck {

  private FailingCheck() {}

  /**
   * The check of a toolset whose check class could not be created: it throws {@code cause}'s
   * message each time it runs, so the registry counts the toolset unavailable (and says why) while
   * the tools themselves still load.
   */
  public static BooleanSupplier failing(Throwable cause) {
    requireNonNull(cause, "cause == null");
    return () -> {
      throw new IllegalStateException("the check could not be created: " + cause, cause);
    };
  }
}
