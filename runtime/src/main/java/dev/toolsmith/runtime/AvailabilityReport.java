package dev.toolsmith.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every toolset's and every tool's {@link Availability}, from one snapshot of the registry with each
 * check run at most once: {@link ToolRegistry#availability()}.
 */
public final class AvailabilityReport {

  private final Map<String, Availability> toolsets;
  private final Map<String, Availability> tools;

  private AvailabilityReport(Map<String, Availability> toolsets, Map<String, Availability> tools) {
    this.toolsets = Collections.unmodifiableMap(toolsets);
    this.tools = Collections.unmodifiableMap(tools);
  }

  /** Asks each toolset's check of {@code checks} once; a tool shares its toolset's verdict. */
  static AvailabilityReport of(RegistryState snapshot, ListingChecks checks) {
    Map<String, Availability> toolsets = new LinkedHashMap<>();
    Map<String, Availability> tools = new LinkedHashMap<>();
    for (Map.Entry<String, List<ToolEntry>> toolset : snapshot.byToolset.entrySet()) {
      ListingChecks.Verdict verdict = checks.of(toolset.getKey());
      toolsets.put(toolset.getKey(), new Availability(
          verdict.available(), verdict.reason(), snapshot.requiredEnv(toolset.getKey())));
      for (ToolEntry entry : toolset.getValue()) {
        tools.put(entry.name(),
            new Availability(verdict.available(), verdict.reason(), entry.requiresEnv()));
      }
    }
    Map<String, Availability> sortedTools = new LinkedHashMap<>();
    for (String name : snapshot.names) {
      sortedTools.put(name, tools.get(name));
    }
    return new AvailabilityReport(toolsets, sortedTools);
  }

  /** Each toolset that has a tool, sorted by name. */
  public Map<String, Availability> toolsets() {
    return toolsets;
  }

  /** Each tool, sorted by name. */
  public Map<String, Availability> tools() {
    return tools;
  }

  /** The toolset's availability; empty for a toolset without tools. */
  public Optional<Availability> toolset(String name) {
    return Optional.ofNullable(name == null ? null : toolsets.get(name));
  }

  /** The tool's availability; empty for an unknown tool. */
  public Optional<Availability> tool(String name) {
    return Optional.ofNullable(name == null ? null : tools.get(name));
  }

  /** The names of the available toolsets, sorted. */
  public List<String> availableToolsets() {
    return available(toolsets);
  }

  /** The names of the available tools, sorted: what a listing of every tool would offer. */
  public List<String> availableTools() {
    return available(tools);
  }

  private static List<String> available(Map<String, Availability> byName) {
    List<String> names = new ArrayList<>();
    byName.forEach((name, availability) -> {
      if (availability.available()) {
        names.add(name);
      }
    });
    return List.copyOf(names);
  }

  @Override
  public String toString() {
    return "AvailabilityReport{toolsets=" + toolsets + "}";
  }
}
