package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Whether one toolset's tools are offered to the model now, and why.
 *
 * @param toolset the toolset's name
 * @param available true when the toolset has no check or its check returned true
 * @param reason {@value #NO_CHECK}, {@value #CHECK_PASSED}, {@value #CHECK_FAILED},
 *     {@code check threw TYPE: MESSAGE}, {@code check timed out after N ms}, {@code check still
 *     running from an earlier listing}, or {@value #KEPT_IN_GRACE} followed by the failure in parentheses
 * @param tools the toolset's tool names, sorted
 * @param requiredEnv the environment variables its tools need, without duplicates
 */
public record ToolsetAvailability(
    String toolset, boolean available, String reason, List<String> tools, List<String> requiredEnv) {

  /** The reason of an available toolset that has no check. */
  public static final String NO_CHECK = "no check";
  /** The reason of an available toolset whose check returned true. */
  public static final String CHECK_PASSED = "check passed";
  /** The reason of an unavailable toolset whose check returned false. */
  public static final String CHECK_FAILED = "check returned false";
  /**
   * The start of the reason of a toolset kept available although its check failed, because it
   * passed within the grace period before ({@link CheckPolicy#grace()}).
   */
  public static final String KEPT_IN_GRACE = "check failed shortly after passing; kept available";

  public ToolsetAvailability {
    requireNonNull(toolset, "toolset == null");
    requireNonNull(reason, "reason == null");
    tools = List.copyOf(requireNonNull(tools, "tools == null"));
    requiredEnv = List.copyOf(requireNonNull(requiredEnv, "requiredEnv == null"));
  }
}
