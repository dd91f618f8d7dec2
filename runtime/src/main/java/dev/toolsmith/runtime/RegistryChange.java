package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One change of a {@link ToolRegistry}, as its listeners receive it: what changed, and the
 * registry's {@link ToolRegistry#generation() generation} after it. A change is a write that took
 * effect, or {@link ToolRegistry#invalidateChecks()}; a refused registration changes nothing and
 * makes no change event.
 *
 * @param generation the registry's generation once this change is visible
 * @param registered the tools added or replaced, sorted
 * @param deregistered the tools removed, sorted
 * @param toolsets the toolset definitions added, redefined or dropped, sorted
 * @param checksInvalidated whether the cached availability checks were forgotten, so the next
 *     listing may offer other tools
 */
public record RegistryChange(
    long generation,
    List<String> registered,
    List<String> deregistered,
    List<String> toolsets,
    boolean checksInvalidated) {

  public RegistryChange {
    registered = List.copyOf(requireNonNull(registered, "registered == null"));
    deregistered = List.copyOf(requireNonNull(deregistered, "deregistered == null"));
    toolsets = List.copyOf(requireNonNull(toolsets, "toolsets == null"));
  }

  /** Whether the tools changed: a tool was added, replaced or removed. */
  public boolean toolsChanged() {
    return !registered.isEmpty() || !deregistered.isEmpty();
  }

  /**
   * Whether a listing may offer other tools than before: the tools changed, or the checks that
   * decide which are available were invalidated.
   */
  public boolean listChanged() {
    return toolsChanged() || checksInvalidated;
  }
}
