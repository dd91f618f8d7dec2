package dev.toolsmith.runtime;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The toolset checks of one listing or report: each toolset's verdict asked of the registry's
 * {@link CheckRunner} at most once, so a listing sees one consistent answer per toolset.
 */
final class ListingChecks {

  private final RegistryState state;
  private final CheckRunner cache;
  private final Map<String, Verdict> verdicts = new HashMap<>();

  ListingChecks(RegistryState state, CheckRunner cache) {
    this.state = state;
    this.cache = cache;
  }

  /** Whether a toolset is available, and why. */
  record Verdict(boolean available, String reason) {}

  private static final Verdict NO_CHECK = new Verdict(true, Availability.NO_CHECK);
  private static final Verdict PASSED = new Verdict(true, Availability.CHECK_PASSED);
  private static final Verdict FAILED = new Verdict(false, Availability.CHECK_FAILED);

  /** The verdict of a check that returned {@code passed}. */
  static Verdict verdict(boolean passed) {
    return passed ? PASSED : FAILED;
  }

  /** The verdict for {@code toolset}, asking for it on the first call only. */
  Verdict of(String toolset) {
    Verdict verdict = verdicts.get(toolset);
    if (verdict == null) {
      BooleanSupplier check = state.checks.get(toolset);
      verdict = check == null ? NO_CHECK : cache.verdict(toolset, check);
      verdicts.put(toolset, verdict);
    }
    return verdict;
  }
}
