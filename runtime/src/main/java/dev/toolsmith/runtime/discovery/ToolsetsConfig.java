package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolsetDefinition;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code toolsets} section: toolset definitions, and the default selection an application
 * offers the model ({@code enabled}, then {@code disabled} taken away).
 *
 * @param enabled toolsets selected by default; {@code all} or {@code *} means every tool
 * @param disabled toolsets taken away from the selection
 * @param definitions toolsets declared in the config, by name
 */
public record ToolsetsConfig(
    List<String> enabled, List<String> disabled, Map<String, ToolsetDefinition> definitions) {

  /** Every tool selected, no definitions. */
  public static final ToolsetsConfig DEFAULTS =
      new ToolsetsConfig(List.of("all"), List.of(), Map.of());

  public ToolsetsConfig {
    enabled = List.copyOf(requireNonNull(enabled, "enabled == null"));
    disabled = List.copyOf(requireNonNull(disabled, "disabled == null"));
    definitions =
        Collections.unmodifiableMap(
            new TreeMap<>(requireNonNull(definitions, "definitions == null")));
  }
}
