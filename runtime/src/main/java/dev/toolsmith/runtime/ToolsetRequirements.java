package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What one toolset needs to be available, read without running its check.
 *
 * @param toolset the toolset's name
 * @param requiredEnv the environment variables its tools need, without duplicates
 * @param hasCheck whether the toolset has an availability check
 * @param tools the toolset's tool names, sorted
 */
public record ToolsetRequirements(
    String toolset, List<String> requiredEnv, boolean hasCheck, List<String> tools) {

  public ToolsetRequirements {
    requireNonNull(toolset, "toolset == null");
    requiredEnv = List.copyOf(requireNonNull(requiredEnv, "requiredEnv == null"));
    tools = List.copyOf(requireNonNull(tools, "tools == null"));
  }
}
