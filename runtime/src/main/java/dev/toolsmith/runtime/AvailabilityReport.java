package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.availability.Availability;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Every tool's and every toolset's {@link Availability}, from one snapshot of the registry with
 * each distinct check run at most once: {@link ToolRegistry#availability()}. A tool is available
 * when it has no check or its own check passes; a toolset, when any of its tools is. A toolset's
 * reason comes from the toolset's own check, the first check registered for it, when that check
 * agrees with the toolset's availability (else from its first tool, by name, that does); the
 * toolset's check never runs apart from its tools.
 */
public final class AvailabilityReport {

  private final Map<String, Availability> toolsets;
  private final Map<String, Availability> tools;

  private AvailabilityReport(Map<String, Availability> toolsets, Map<String, Availability> tools) {
    this.toolsets = Collections.unmodifiableMap(toolsets);
    this.tools = Collections.unmodifiableMap(tools);
  }

  /**
   * Each tool's own check asked once through {@code checks}. A toolset is available when any of its
   * tools is; its reason is that of its own check (the first registered for it) when one of its
   * tools holds that check and it agrees, else that of its first tool, by name, that agrees.
   */
  static AvailabilityReport of(RegistryState snapshot, ListingChecks checks) {
    Map<String, Availability> toolsets = new LinkedHashMap<>();
    Map<String, Availability> tools = new LinkedHashMap<>();
    List<ToolEntry> entries = new ArrayList<>(snapshot.names.size());
    for (String name : snapshot.names) {
      entries.add(requireNonNull(snapshot.byName.get(name))); // names are byName's keys
    }
    checks.start(entries);
    for (ToolEntry entry : entries) {
      Availability verdict = checks.of(entry);
      tools.put(
          entry.name(),
          new Availability(verdict.available(), verdict.reason(), entry.requiresEnv()));
    }
    for (Map.Entry<String, List<ToolEntry>> toolset : snapshot.byToolset.entrySet()) {
      boolean available = false;
      for (ToolEntry entry : toolset.getValue()) {
        available |= requireNonNull(tools.get(entry.name())).available(); // every tool is in
      }
      BooleanSupplier own = snapshot.toolsetChecks.get(toolset.getKey());
      String reason = reason(toolset.getValue(), tools, own, available);
      toolsets.put(
          toolset.getKey(),
          new Availability(available, reason, snapshot.requiredEnv(toolset.getKey())));
    }
    return new AvailabilityReport(toolsets, tools);
  }

  /**
   * The reason of a toolset of {@code entries} that is {@code available}: its own check's, when a
   * tool holds that check and it agrees, else the first agreeing tool's.
   */
  private static String reason(
      List<ToolEntry> entries,
      Map<String, Availability> tools,
      @Nullable BooleanSupplier own,
      boolean available) {
    String first = null;
    for (ToolEntry entry : entries) {
      Availability tool = requireNonNull(tools.get(entry.name())); // every tool is in tools
      if (tool.available() != available) {
        continue;
      }
      if (own != null && entry.check().orElse(null) == own) {
        return tool.reason();
      }
      first = first == null ? tool.reason() : first;
    }
    return requireNonNull(first); // some tool agrees: available means one is, else none is
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
    byName.forEach(
        (name, availability) -> {
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
