package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ToolIndex;
import dev.toolsmith.runtime.spi.ToolSource;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * Fills a registry in three phases, each source isolated so that one that fails is logged, reported
 * and skipped while the rest still load:
 *
 * <ol>
 *   <li>built-in: every {@link ToolIndex} on the class path that is not part of a plugin, in class
 *       name order, each under its own {@link ToolOrigin#builtIn(String) origin}, so the same tool
 *       in two jars is refused and reported like any other collision;
 *   <li>sources: every {@link ToolSource} (the MCP module), given its configuration section;
 *   <li>plugins: class-path plugins (jars with {@value PluginLoader#DESCRIPTOR}), then the jars of
 *       each plugin directory, each in its own class loader; {@code plugins.enabled} and {@code
 *       plugins.disabled} decide which load.
 * </ol>
 *
 * <p>A tool from a later origin never silently replaces one from an earlier origin: it is refused
 * and reported, unless the configuration allows that plugin or server to override. Toolsets
 * declared by indexes are defined as they load; those of the configuration are defined last, so
 * they win.
 *
 * <pre>{@code
 * ToolsmithConfig config = ToolsmithConfig.load(Path.of("toolsmith.yaml"));
 * ToolRegistry registry = ToolRegistry.create();
 * DiscoveryReport report = Discovery.builder().config(config).build().into(registry);
 * report.failures().forEach(failure -> System.err.println(failure.describe()));
 * }</pre>
 */
public final class Discovery {

  private final ToolsmithConfig config;
  private final Bindings bindings;
  private final ClassLoader loader;
  private final @Nullable List<ToolSource> sources; // null: found by ServiceLoader

  private Discovery(Builder builder) {
    this.config = builder.config;
    this.bindings = builder.bindings;
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    this.loader =
        builder.loader != null
            ? builder.loader
            : context != null ? context : Discovery.class.getClassLoader();
    this.sources = builder.sources;
  }

  /** A builder with the default configuration, no bindings and the context class loader. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A registry holding the tools of every {@link ToolIndex} on the context class path (and its
   * sources and plugins), with no bindings and the default configuration. An index that fails to
   * load is logged and skipped; the others still load.
   */
  public static ToolRegistry discover() {
    return discover(Bindings.none());
  }

  /**
   * Like {@link #discover()}, with instances for tool classes and checks from {@code bindings}. For
   * another class loader, a configuration or a report, use {@link #builder()}.
   */
  public static ToolRegistry discover(Bindings bindings) {
    requireNonNull(bindings, "bindings == null");
    ToolRegistry registry = ToolRegistry.create();
    builder().bindings(bindings).build().into(registry);
    return registry;
  }

  /**
   * Runs the three phases into {@code registry} and reports what loaded, failed and collided.
   *
   * @throws ConfigException before anything loads, when the configuration has a top-level key that
   *     is neither the runtime's nor the section of a source found
   */
  public DiscoveryReport into(ToolRegistry registry) {
    requireNonNull(registry, "registry == null");
    List<SourceReport> unusable = new ArrayList<>();
    List<ToolSource> found = findSources(unusable);
    config.requireKnownSections(sectionsOf(found));
    DiscoveryReport.Recorder recorder = new DiscoveryReport.Recorder();
    List<PluginLoader.ClassPathPlugin> classPathPlugins = PluginLoader.classPathPlugins(loader);
    Map<PluginLoader.ClassPathPlugin, List<ServiceLoader.Provider<ToolIndex>>> pluginProviders =
        builtIn(registry, recorder, classPathPlugins);
    for (SourceReport report : unusable) {
      recorder.source(report);
    }
    for (ToolSource source : found) {
      load(source, registry, recorder);
    }
    List<Path> directories = config.plugins().directories();
    if (!classPathPlugins.isEmpty()
        || !directories.isEmpty()) { // most applications have no plugins
      PluginLoader plugins =
          new PluginLoader(config.plugins(), bindings, registry, recorder, loader);
      plugins.loadClassPath(classPathPlugins, pluginProviders);
      for (Path directory : directories) {
        plugins.loadDirectory(directory);
      }
    }
    for (ToolsetDefinition toolset : config.toolsets().definitions().values()) {
      registry.defineToolset(toolset);
    }
    return recorder.report();
  }

  /**
   * Phase 2 alone, for one {@code source} given its section of the configuration: no indexes, no
   * other sources, no plugins, no configured toolsets. What connecting one source by hand is (the
   * MCP module's {@code McpClients.connect(registry)}).
   */
  public DiscoveryReport load(ToolSource source, ToolRegistry registry) {
    requireNonNull(source, "source == null");
    requireNonNull(registry, "registry == null");
    DiscoveryReport.Recorder recorder = new DiscoveryReport.Recorder();
    load(source, registry, recorder);
    return recorder.report();
  }

  /** Phase 1; returns the providers that belong to class-path plugins, by plugin. */
  private Map<PluginLoader.ClassPathPlugin, List<ServiceLoader.Provider<ToolIndex>>> builtIn(
      ToolRegistry registry,
      DiscoveryReport.Recorder recorder,
      List<PluginLoader.ClassPathPlugin> plugins) {
    Map<PluginLoader.ClassPathPlugin, List<ServiceLoader.Provider<ToolIndex>>> pluginProviders =
        new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    List<ServiceLoader.Provider<ToolIndex>> providers =
        ServiceProviders.providers(loader, problems);
    for (String problem : problems) {
      recorder.source(
          new SourceReport(ToolOrigin.BUILT_IN, SourceReport.Status.FAILED, List.of(), problem));
    }
    for (ServiceLoader.Provider<ToolIndex> provider : providers) {
      PluginLoader.ClassPathPlugin owner = ownerOf(provider.type(), plugins);
      if (owner != null) {
        pluginProviders.computeIfAbsent(owner, p -> new ArrayList<>()).add(provider);
        continue;
      }
      String name = provider.type().getName();
      ToolOrigin origin = ToolOrigin.builtIn(name);
      try {
        ToolIndex index = ServiceProviders.instantiate(provider);
        List<ToolEntry> tools = ServiceProviders.toolsOf(index, bindings);
        List<ToolsetDefinition> toolsets = ServiceProviders.toolsetsOf(index);
        try {
          // The processor's entries are marked as checked: their schemas are not parsed again.
          recorder.collisions(registry.registerAll(origin, tools, false));
        } catch (IllegalArgumentException e) { // a hand-written index's malformed schema
          ServiceProviders.LOG.log(
              Level.WARNING, () -> "Tool index " + name + " failed to load; skipped", e);
          throw new ServiceProviders.Failure(name + " failed: " + e.getMessage(), e);
        }
        for (ToolsetDefinition toolset : toolsets) {
          registry.defineToolset(toolset);
        }
        recorder.source(
            new SourceReport(
                origin, SourceReport.Status.LOADED, registered(registry, tools), name));
        for (String failure : ServiceProviders.failuresOf(index)) {
          recorder.source(new SourceReport(origin, SourceReport.Status.FAILED, List.of(), failure));
        }
      } catch (ServiceProviders.Failure e) {
        recorder.source(
            new SourceReport(origin, SourceReport.Status.FAILED, List.of(), e.getMessage()));
      }
    }
    return pluginProviders;
  }

  /**
   * The class-path plugin the index class {@code type} belongs to, or null for a built-in index.
   */
  private static PluginLoader.@Nullable ClassPathPlugin ownerOf(
      Class<?> type, List<PluginLoader.ClassPathPlugin> plugins) {
    if (plugins.isEmpty()) {
      return null;
    }
    String root = ServiceProviders.rootOf(type);
    for (PluginLoader.ClassPathPlugin plugin : plugins) {
      if (plugin.owns(type, root)) {
        return plugin;
      }
    }
    return null;
  }

  /**
   * The phase-2 sources: those given, else those ServiceLoader finds, in class name order; one that
   * cannot be created goes to {@code unusable}.
   */
  private List<ToolSource> findSources(List<SourceReport> unusable) {
    if (sources != null) {
      return sources;
    }
    List<ToolSource> found = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    List<ServiceLoader.Provider<ToolSource>> providers =
        ServiceProviders.providers(ToolSource.class, loader, problems);
    for (String problem : problems) {
      unusable.add(
          new SourceReport(
              ToolOrigin.source(ToolSource.class.getSimpleName()),
              SourceReport.Status.FAILED,
              List.of(),
              problem));
    }
    for (ServiceLoader.Provider<ToolSource> provider : providers) {
      try {
        found.add(provider.get());
      } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
        ServiceProviders.LOG.log(
            Level.WARNING,
            () -> "Tool source " + provider.type().getName() + " could not be created; skipped",
            e);
        unusable.add(
            new SourceReport(
                ToolOrigin.source(provider.type().getName()),
                SourceReport.Status.FAILED,
                List.of(),
                ServiceProviders.message(e)));
      }
    }
    if (found.size() > 1) { // most applications have one source: no comparator to create
      found.sort(Comparator.comparing(source -> source.getClass().getName()));
    }
    return found;
  }

  /** The sections {@code sources} declare; one that cannot say fails when it loads. */
  private static List<String> sectionsOf(List<ToolSource> sources) {
    List<String> sections = new ArrayList<>();
    for (ToolSource source : sources) {
      try {
        sections.add(requireNonNull(source.section(), "section() returned null"));
      } catch (RuntimeException | LinkageError e) {
        // reported by load(), which asks again
      }
    }
    return sections;
  }

  /** Phase 2 for one source, with its section; a failure is logged and reported, never thrown. */
  private void load(ToolSource source, ToolRegistry registry, DiscoveryReport.Recorder recorder) {
    String section = source.getClass().getName(); // until the source names its section
    try {
      section = source.section();
      ToolSourceContext context =
          new SourceContext(config.section(section), bindings, registry, recorder);
      source.load(context);
    } catch (Exception | LinkageError e) {
      String name = section;
      ServiceProviders.LOG.log(
          Level.WARNING,
          () -> "Tool source " + source.getClass().getName() + " (" + name + ") failed; skipped",
          e);
      recorder.source(
          new SourceReport(
              ToolOrigin.source(section),
              SourceReport.Status.FAILED,
              List.of(),
              e instanceof ConfigException config
                  ? config.getMessage()
                  : ServiceProviders.message(e)));
    }
  }

  /** The names of {@code entries} the registry now holds as those very entries, sorted. */
  static List<String> registered(ToolRegistry registry, List<ToolEntry> entries) {
    List<String> names = new ArrayList<>();
    for (ToolEntry entry : entries) {
      if (registry.entry(entry.name()).orElse(null) == entry) {
        names.add(entry.name());
      }
    }
    names.sort(null);
    return List.copyOf(names);
  }

  /** Configures a {@link Discovery}. */
  public static final class Builder {
    private ToolsmithConfig config = ToolsmithConfig.defaults();
    private Bindings bindings = Bindings.none();
    private @Nullable ClassLoader loader;
    private @Nullable List<ToolSource> sources;

    private Builder() {}

    /** The configuration; default {@link ToolsmithConfig#defaults()}. */
    public Builder config(ToolsmithConfig config) {
      this.config = requireNonNull(config, "config == null");
      return this;
    }

    /** Instances for the {@code @BindInstance} tool classes; default none. */
    public Builder bindings(Bindings bindings) {
      this.bindings = requireNonNull(bindings, "bindings == null");
      return this;
    }

    /**
     * Where indexes, sources and class-path plugins are looked up; default the context class
     * loader.
     */
    public Builder classLoader(ClassLoader loader) {
      this.loader = requireNonNull(loader, "loader == null");
      return this;
    }

    /** Phase-2 sources to use instead of those ServiceLoader finds, in this order. */
    public Builder sources(List<ToolSource> sources) {
      this.sources = List.copyOf(requireNonNull(sources, "sources == null"));
      return this;
    }

    /** The discovery. */
    public Discovery build() {
      return new Discovery(this);
    }
  }
}
