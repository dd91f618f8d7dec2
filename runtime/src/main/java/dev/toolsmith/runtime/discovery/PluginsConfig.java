package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
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
 * @param loadTimeout the longest one plugin may take to load (its static initialisers, its indexes'
 *     constructors and {@code tools()}); one still loading then is a failed source, and the others
 *     go on
 */
public record PluginsConfig(
    List<Path> directories,
    Optional<Set<String>> enabled,
    Set<String> disabled,
    Set<String> allowOverride,
    Duration loadTimeout) {

  /** The default {@link #loadTimeout()}: 10 s. */
  public static final Duration DEFAULT_LOAD_TIMEOUT = Duration.ofSeconds(10);

  /** No directories, every class-path plugin enabled, none allowed to override, 10 s to load. */
  public static final PluginsConfig DEFAULTS =
      new PluginsConfig(List.of(), Optional.empty(), Set.of(), Set.of());

  public PluginsConfig {
    directories = List.copyOf(requireNonNull(directories, "directories == null"));
    requireNonNull(enabled, "enabled == null");
    enabled = enabled.isPresent() ? Optional.of(Set.copyOf(enabled.get())) : enabled;
    disabled = Set.copyOf(requireNonNull(disabled, "disabled == null"));
    allowOverride = Set.copyOf(requireNonNull(allowOverride, "allowOverride == null"));
    requireNonNull(loadTimeout, "loadTimeout == null");
    if (loadTimeout.isNegative() || loadTimeout.isZero()) {
      throw new IllegalArgumentException("loadTimeout must be positive; found " + loadTimeout);
    }
  }

  /** With the {@linkplain #DEFAULT_LOAD_TIMEOUT default load timeout}. */
  public PluginsConfig(
      List<Path> directories,
      Optional<Set<String>> enabled,
      Set<String> disabled,
      Set<String> allowOverride) {
    this(directories, enabled, disabled, allowOverride, DEFAULT_LOAD_TIMEOUT);
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
