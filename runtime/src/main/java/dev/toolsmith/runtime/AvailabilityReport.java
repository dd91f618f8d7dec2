package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The toolsets split into available and unavailable ones, from one snapshot with each check run once.
 *
 * @param available the names of the available toolsets, sorted
 * @param unavailable the unavailable toolsets with the reason, their tools and required variables, sorted
 */
public record AvailabilityReport(List<String> available, List<ToolsetAvailability> unavailable) {

  public AvailabilityReport {
    available = List.copyOf(requireNonNull(available, "available == null"));
    unavailable = List.copyOf(requireNonNull(unavailable, "unavailable == null"));
  }
}
