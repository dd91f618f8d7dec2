package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code plugins} section: where plugin jars are, which plugins load, and which may replace
 * tools of earlier discovery phases.
 *
 * @param directories directories whose {@code *.jar} files are plugins, each in its own class
 *     loader
 * @param enabled when present, only these plugins load
 * @param disabled plugins that never load; wins over {@code enabled}
 * @param allowOverride plugins whose tools may replace a tool of the same name from an earlier
 *     phase
 */
public record PluginsConfig(
    List<Path> directories,
    Optional<Set<String>> enabled,
    Set<String> disabled,
    Set<String> allowOverride) {

  /** No directories, every class-path plugin enabled, none allowed to override. */
  public static final PluginsConfig DEFAULTS =
      new PluginsConfig(List.of(), Optional.empty(), Set.of(), Set.of());

  public PluginsConfig {
    directories = List.copyOf(requireNonNull(directories, "directories == null"));
    enabled = requireNonNull(enabled, "enabled == null").map(Set::copyOf);
    disabled = Set.copyOf(requireNonNull(disabled, "disabled == null"));
    allowOverride = Set.copyOf(requireNonNull(allowOverride, "allowOverride == null"));
  }

  /**
   * Whether the plugin {@code name} loads: not disabled, and enabled when an enabled list is given.
   */
  public boolean isEnabled(String name) {
    return !disabled.contains(name) && enabled.map(set -> set.contains(name)).orElse(true);
  }

  /** Why the plugin {@code name} does not load, or empty when it does. */
  Optional<String> whyDisabled(String name) {
    if (disabled.contains(name)) {
      return Optional.of("listed in plugins.disabled");
    }
    if (enabled.isPresent() && !enabled.get().contains(name)) {
      return Optional.of("not listed in plugins.enabled");
    }
    return Optional.empty();
  }
}
