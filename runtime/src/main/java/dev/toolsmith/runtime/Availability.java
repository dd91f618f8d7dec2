package dev.toolsmith.runtime;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Runs toolset checks for one listing or report: each toolset's check at most once, a check that
 * throws counting as unavailable.
 */
final class Availability {

  private static final Logger LOG = System.getLogger(ToolRegistry.class.getName());

  private final RegistryState state;
  private final Map<String, Verdict> verdicts = new HashMap<>();

  Availability(RegistryState state) {
    this.state = state;
  }

  /** Whether a toolset is available, and why. */
  record Verdict(boolean available, String reason) {}

  private static final Verdict NO_CHECK = new Verdict(true, ToolsetAvailability.NO_CHECK);
  private static final Verdict PASSED = new Verdict(true, ToolsetAvailability.CHECK_PASSED);
  private static final Verdict FAILED = new Verdict(false, ToolsetAvailability.CHECK_FAILED);

  /** The verdict for {@code toolset}, running its check on the first ask only. */
  Verdict of(String toolset) {
    Verdict verdict = verdicts.get(toolset);
    if (verdict == null) {
      verdict = run(toolset, state.checks.get(toolset));
      verdicts.put(toolset, verdict);
    }
    return verdict;
  }

  private static Verdict run(String toolset, BooleanSupplier check) {
    if (check == null) {
      return NO_CHECK;
    }
    try {
      if (check.getAsBoolean()) {
        return PASSED;
      }
      LOG.log(Level.DEBUG, () -> "Toolset '" + toolset + "' unavailable: its check returned false");
      return FAILED;
    } catch (Throwable t) { // a broken check must not break the listing
      if (t instanceof InterruptedException) {
        Thread.currentThread().interrupt(); // thrown sneakily; the caller's thread keeps its flag
      }
      LOG.log(Level.WARNING, () -> "Toolset '" + toolset + "' check threw; its tools are unavailable", t);
      return new Verdict(false, "check threw " + Dispatch.describe(t));
    }
  }
}
