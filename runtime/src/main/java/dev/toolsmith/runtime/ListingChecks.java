package dev.toolsmith.runtime;

import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.availability.ExplainedCheck;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.function.BooleanSupplier;

/**
 * The availability checks of one listing or report: each distinct check (by identity) asked of the
 * registry's {@link CheckRunner} at most once, so a listing sees one consistent answer per check.
 */
final class ListingChecks {

  private final CheckRunner runner;
  private final IdentityHashMap<BooleanSupplier, Availability> verdicts = new IdentityHashMap<>();

  ListingChecks(CheckRunner runner) {
    this.runner = runner;
  }

  private static final Availability NO_CHECK = new Availability(true, Availability.NO_CHECK);
  private static final Availability PASSED = new Availability(true, Availability.CHECK_PASSED);
  private static final Availability FAILED = new Availability(false, Availability.CHECK_FAILED);

  /** The verdict of a check that returned {@code passed}. */
  static Availability verdict(boolean passed) {
    return passed ? PASSED : FAILED;
  }

  /**
   * The verdict of {@code check}, which returned {@code passed}: with its reason when it failed and
   * is an {@link ExplainedCheck} that gives one.
   */
  static Availability verdict(BooleanSupplier check, boolean passed) {
    if (passed || !(check instanceof ExplainedCheck explained)) {
      return verdict(passed);
    }
    String reason;
    try {
      reason = explained.unavailableReason();
    } catch (RuntimeException e) { // a broken reason must not cost the verdict
      return FAILED;
    }
    return reason == null || reason.isBlank()
        ? FAILED
        : new Availability(false, Availability.CHECK_FAILED + " (" + reason.strip() + ")");
  }

  /**
   * Starts the checks of {@code entries} that are due, side by side and without waiting, before the
   * listing asks {@link #of} for each (see {@link CheckRunner#start}).
   */
  void start(Collection<ToolEntry> entries) {
    for (ToolEntry entry : entries) {
      BooleanSupplier check = entry.check().orElse(null);
      if (check != null && !verdicts.containsKey(check)) {
        runner.start(entry.name(), check);
      }
    }
  }

  /**
   * The verdict of the tool's own check, asking for it on its first use only; no check: available.
   */
  Availability of(ToolEntry entry) {
    BooleanSupplier check = entry.check().orElse(null);
    if (check == null) {
      return NO_CHECK;
    }
    Availability verdict = verdicts.get(check);
    if (verdict == null) {
      verdict = runner.verdict(entry.name(), check);
      verdicts.put(check, verdict);
    }
    return verdict;
  }
}
