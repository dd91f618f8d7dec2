package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The schema overrides generated adapters use when a tool's own override class cannot be had: each
 * fails when asked, so the registry lists the tool's static schema and logs why.
 */
public final class FailingOverrides {

  private FailingOverrides() {}

  /** The overrides of a tool whose override class could not be created. */
  public static Supplier<Map<String, ?>> failing(Throwable cause) {
    requireNonNull(cause, "cause == null");
    return () -> {
      throw new IllegalStateException("the schema overrides could not be created: " + cause, cause);
    };
  }

  /**
   * The overrides of a tool whose override class has no constructor the generated code can call and
   * is not in the bindings.
   */
  public static Supplier<Map<String, ?>> unbound(Class<?> overridesClass) {
    requireNonNull(overridesClass, "overridesClass == null");
    return () -> {
      throw new IllegalStateException(
          "the schema overrides "
              + overridesClass.getName()
              + " are not in the bindings and cannot be created");
    };
  }
}
