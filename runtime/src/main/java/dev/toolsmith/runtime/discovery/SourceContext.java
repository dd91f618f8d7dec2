package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.spi.ConfigNode;
import dev.toolsmith.runtime.spi.ToolSink;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link ToolSourceContext} of one discovery run, and its {@link ToolSink}: registers into its
 * registry under the source's origins and records the report.
 */
final class SourceContext implements ToolSourceContext, ToolSink {

  private static final Logger LOG = LazyLogger.of(Discovery.class.getName());

  private final ConfigNode config;
  private final Bindings bindings;
  private final ToolRegistry registry;
  private final DiscoveryReport.Recorder recorder;
  private final Set<String> reported = new HashSet<>(); // origins already in the report

  SourceContext(
      ConfigNode config,
      Bindings bindings,
      ToolRegistry registry,
      DiscoveryReport.Recorder recorder) {
    this.config = config;
    this.bindings = bindings;
    this.registry = registry;
    this.recorder = recorder;
  }

  @Override
  public ConfigNode config() {
    return config;
  }

  @Override
  public Bindings bindings() {
    return bindings;
  }

  @Override
  public ToolSink sink() {
    return this;
  }

  @Override
  public ToolOrigin originOf(String origin) {
    requireNonNull(origin, "origin == null");
    return ToolOrigin.source(config.path() + "." + origin);
  }

  @Override
  public boolean allowsOverride(String origin) {
    requireNonNull(origin, "origin == null");
    Optional<ConfigNode> flag = config.get(origin).flatMap(node -> node.get(ALLOW_OVERRIDE));
    return flag.isPresent() && flag.get().asBoolean();
  }

  @Override
  public List<Collision> register(String origin, Collection<ToolEntry> entries) {
    requireNonNull(entries, "entries == null");
    ToolOrigin id = originOf(origin);
    List<ToolEntry> copy = new ArrayList<>(entries);
    List<Collision> collisions = registry.registerAll(id, copy, allowsOverride(origin));
    boolean first;
    synchronized (reported) {
      first = reported.add(origin);
    }
    if (first) { // later registrations are updates, after the report was handed out
      List<String> registered = Discovery.registered(registry, copy);
      recorder.source(new SourceReport(id, SourceReport.Status.LOADED, registered, ""));
      recorder.collisions(collisions);
    }
    return collisions;
  }

  @Override
  public boolean holds(String origin, String name) {
    requireNonNull(name, "name == null");
    return registry.originOf(name).filter(originOf(origin)::equals).isPresent();
  }

  @Override
  public boolean remove(String origin, String name) {
    // Only the origin's own tool: a refused collision leaves another origin's tool under the name.
    return holds(origin, name) && registry.deregister(name);
  }

  @Override
  public void availabilityChanged() {
    registry.invalidateChecks();
  }

  @Override
  public void failed(String origin, String reason) {
    requireNonNull(reason, "reason == null");
    ToolOrigin id = originOf(origin);
    LOG.log(Level.WARNING, () -> "Tool " + id + " failed to load; skipped: " + reason);
    recorder.source(new SourceReport(id, SourceReport.Status.FAILED, List.of(), reason));
  }

  @Override
  public void disabled(String origin, String reason) {
    requireNonNull(reason, "reason == null");
    recorder.source(
        new SourceReport(originOf(origin), SourceReport.Status.DISABLED, List.of(), reason));
  }
}
