package dev.toolsmith.runtime.availability;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Whether a tool, or a toolset, is offered to the model now, and why.
 *
 * @param available true when there is no check or the check returned true
 * @param reason {@value #NO_CHECK}, {@value #CHECK_PASSED}, {@value #CHECK_FAILED} (followed by the
 *     reason of an {@link ExplainedCheck} in parentheses), {@code check threw TYPE: MESSAGE},
 *     {@code check timed out after N ms}, {@code check still running from an earlier listing}, or
 *     {@value #KEPT_IN_GRACE} followed by the failure in parentheses
 * @param requiredEnv the environment variables needed (a toolset's: those of all its tools),
 *     without duplicates
 */
public record Availability(boolean available, String reason, List<String> requiredEnv) {

  /** The reason of an available tool or toolset that has no check. */
  public static final String NO_CHECK = "no check";

  /** The reason when the check returned true. */
  public static final String CHECK_PASSED = "check passed";

  /** The reason when the check returned false. */
  public static final String CHECK_FAILED = "check returned false";

  /**
   * The start of the reason of a check that failed but is forgiven, because it passed within the
   * grace period before ({@link CheckPolicy#grace()}).
   */
  public static final String KEPT_IN_GRACE = "check failed shortly after passing; kept available";

  /** Checks that no component is null and copies {@code requiredEnv}. */
  public Availability {
    requireNonNull(reason, "reason == null");
    requiredEnv = List.copyOf(requireNonNull(requiredEnv, "requiredEnv == null"));
  }

  /**
   * What one check says of a tool: available or not, and why, with no environment variables named
   * (a report adds the tool's).
   */
  public Availability(boolean available, String reason) {
    this(available, reason, List.of());
  }
}
