package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link ToolSource} gets: its configuration section, the bindings, and registration under
 * the override policy. Thread-safe, so a source may register its origins from several threads.
 *
 * <p>The context stays usable after discovery: a source whose tools change registers them again
 * (same origin, so they replace silently) and deregisters the ones that went away through
 * {@link #registry()}; collisions are still refused and logged, though no longer added to the report.
 *
 * <p>An origin is a key of the section, e.g. {@code everything} under {@code mcp_servers}; its tools
 * are registered as {@link ToolOrigin#source ToolOrigin.source("mcp_servers.everything")} and may
 * replace another origin's tools only when that key's map says {@code allow_override: true}.
 */
public final class ToolSourceContext {

  private static final Logger LOG = LazyLogger.of(ToolDiscovery.class.getName());

  /** The key in an origin's map that lets its tools replace tools of other origins. */
  public static final String ALLOW_OVERRIDE = "allow_override";

  private final ConfigNode config;
  private final Bindings bindings;
  private final ToolRegistry registry;
  private final DiscoveryReport.Recorder recorder;

  ToolSourceContext(ConfigNode config, Bindings bindings, ToolRegistry registry,
      DiscoveryReport.Recorder recorder) {
    this.config = config;
    this.bindings = bindings;
    this.registry = registry;
    this.recorder = recorder;
  }

  /** The source's section of the configuration; an empty map when the file has none. */
  public ConfigNode config() {
    return config;
  }

  /** Instances the application bound, for sources that build tools around them. */
  public Bindings bindings() {
    return bindings;
  }

  /** The registry being filled, e.g. to deregister an origin's tools when they change. */
  public ToolRegistry registry() {
    return registry;
  }

  /** The registry origin of the section key {@code origin}. */
  public ToolOrigin originOf(String origin) {
    requireNonNull(origin, "origin == null");
    return ToolOrigin.source(config.path() + "." + origin);
  }

  /**
   * Whether {@code origin}'s tools may replace tools of other origins: its map in the section says
   * {@code allow_override: true}.
   *
   * @throws ConfigException when {@code allow_override} is not a boolean
   */
  public boolean allowsOverride(String origin) {
    requireNonNull(origin, "origin == null");
    Optional<ConfigNode> flag = config.get(origin).flatMap(node -> node.get(ALLOW_OVERRIDE));
    return flag.isPresent() && flag.get().asBoolean();
  }

  /**
   * Registers {@code entries} for {@code origin} (all of them visible at once), reports the origin
   * as loaded, and returns the cross-origin collisions (refused ones are not registered).
   */
  public List<Collision> register(String origin, Collection<ToolEntry> entries) {
    requireNonNull(entries, "entries == null");
    ToolOrigin id = originOf(origin);
    List<ToolEntry> copy = new ArrayList<>(entries);
    List<Collision> collisions = registry.registerAll(id, copy, allowsOverride(origin));
    List<String> registered = Discovery.registered(registry, copy);
    recorder.source(new SourceReport(id, SourceReport.Status.LOADED, registered, ""));
    recorder.collisions(collisions);
    return collisions;
  }

  /** Reports that {@code origin} could not be loaded, and why; logged as a warning. */
  public void failed(String origin, String reason) {
    requireNonNull(reason, "reason == null");
    ToolOrigin id = originOf(origin);
    LOG.log(Level.WARNING, () -> "Tool " + id + " failed to load; skipped: " + reason);
    recorder.source(new SourceReport(id, SourceReport.Status.FAILED, List.of(), reason));
  }

  /** Reports that {@code origin} is switched off in the configuration. */
  public void disabled(String origin, String reason) {
    requireNonNull(reason, "reason == null");
    recorder.source(new SourceReport(originOf(origin), SourceReport.Status.DISABLED, List.of(), reason));
  }
}
