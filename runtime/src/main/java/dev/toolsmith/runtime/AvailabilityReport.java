package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every tool's and every toolset's {@link Availability}, from one snapshot of the registry with each
 * distinct check run at most once: {@link ToolRegistry#availability()}. A tool is available when it
 * has no check or its own check passes; a toolset, when any of its tools is.
 */
public final class AvailabilityReport {

  private final Map<String, Availability> toolsets;
  private final Map<String, Availability> tools;

  private AvailabilityReport(Map<String, Availability> toolsets, Map<String, Availability> tools) {
    this.toolsets = Collections.unmodifiableMap(toolsets);
    this.tools = Collections.unmodifiableMap(tools);
  }

  /**
   * Each tool's own check asked once through {@code checks}; a toolset is available when any of its
   * tools is, and gives the reason of the first of its tools (by name) that decides it.
   */
  static AvailabilityReport of(RegistryState snapshot, ListingChecks checks) {
    Map<String, Availability> toolsets = new LinkedHashMap<>();
    Map<String, Availability> tools = new LinkedHashMap<>();
    for (String name : snapshot.names) {
      ToolEntry entry = requireNonNull(snapshot.byName.get(name)); // names are byName's keys
      ListingChecks.Verdict verdict = checks.of(entry);
      tools.put(name, new Availability(verdict.available(), verdict.reason(), entry.requiresEnv()));
    }
    for (Map.Entry<String, List<ToolEntry>> toolset : snapshot.byToolset.entrySet()) {
      Availability decisive = null;
      for (ToolEntry entry : toolset.getValue()) {
        Availability tool = requireNonNull(tools.get(entry.name())); // every tool is in tools
        if (decisive == null || (tool.available() && !decisive.available())) {
          decisive = tool;
        }
      }
      requireNonNull(decisive); // a toolset has a tool
      toolsets.put(toolset.getKey(), new Availability(
          decisive.available(), decisive.reason(), snapshot.requiredEnv(toolset.getKey())));
    }
    return new AvailabilityReport(toolsets, tools);
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
