package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Availability checks as generated adapters hold them: created on first use, not at discovery. */
public final class Checks {

  private Checks() {}

  /**
   * A check that creates its {@link BooleanSupplier} with {@code factory} the first time it runs
   * and reuses it; a constructor that throws makes that run throw (the registry then counts the
   * toolset unavailable) instead of failing discovery of every tool.
   */
  public static BooleanSupplier lazy(Supplier<? extends BooleanSupplier> factory) {
    requireNonNull(factory, "factory == null");
    return new BooleanSupplier() {
      private volatile BooleanSupplier check;

      @Override
      public boolean getAsBoolean() {
        BooleanSupplier current = check;
        if (current == null) {
          synchronized (this) {
            current = check;
            if (current == null) {
              current = requireNonNull(factory.get(), "check factory returned null");
              check = current;
            }
          }
        }
        return current.getAsBoolean();
      }
    };
  }
}
