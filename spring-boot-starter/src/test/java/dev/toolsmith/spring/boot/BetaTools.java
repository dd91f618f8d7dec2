package dev.toolsmith.spring.boot;

import dev.toolsmith.annotations.Tool;
import java.util.function.BooleanSupplier;

/** A toolset whose check is a bean: it has no no-argument constructor, so it must be bound. */
public final class BetaTools {

  private BetaTools() {}

  /** The check of the beta toolset: available while the flag is on. */
  public static final class BetaCheck implements BooleanSupplier {
    private final FeatureFlags flags;

    public BetaCheck(FeatureFlags flags) {
      this.flags = flags;
    }

    @Override
    public boolean getAsBoolean() {
      return flags.beta;
    }
  }

  /** Tells whether beta features are on. */
  @Tool(toolset = "beta", check = BetaCheck.class)
  public static String beta() {
    return "beta on";
  }
}
