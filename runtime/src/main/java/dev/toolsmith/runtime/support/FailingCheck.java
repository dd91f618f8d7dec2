package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import java.util.function.BooleanSupplier;

/** The checks generated adapters use when a tool's own check cannot be had. */
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

  /**
   * The check of a tool whose check class has no constructor the generated code can call and is not
   * in the bindings: it fails each time it runs, naming the class to bind.
   */
  public static BooleanSupplier unbound(Class<?> checkClass) {
    requireNonNull(checkClass, "checkClass == null");
    return () -> {
      throw new IllegalStateException(
          "the check " + checkClass.getName() + " is not in the bindings and cannot be created");
    };
  }
}
