package dev.toolsmith.runtime.discovery;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.spi.ToolIndex;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.jar.JarFile;

/**
 * Phase 3 of discovery: plugins. A plugin is a jar of processor-compiled tools, so its tools come
 * as a {@link ToolIndex}. Class-path plugins are marked by {@value #DESCRIPTOR}; jars in a plugin
 * directory each get their own class loader, which sees the application's classes but not its
 * indexes. A plugin loads whole or not at all, and a broken one never stops the others.
 *
 * <p>Each plugin loads on a thread of its own within {@link PluginsConfig#loadTimeout()} ({@link
 * PluginThread}); what its code throws fails that plugin alone, but for the JVM's own errors
 * ({@link ServiceProviders#recoverable}).
 *
 * <p>Without {@code packages} in its {@link PluginDescriptor descriptor}, a class-path plugin owns
 * the indexes in its own jar or class directory; with it, the indexes in those packages (and
 * below), which still works when the plugin was shaded into one jar with the application.
 */
final class PluginLoader {

  /** The resource that makes a class-path jar a plugin; {@code name=...} names it. */
  static final String DESCRIPTOR = "META-INF/toolsmith/plugin.properties";

  /** The service file of tool indexes. */
  static final String SERVICES = "META-INF/services/" + ToolIndex.class.getName();

  private final PluginsConfig config;
  private final Bindings bindings;
  private final ToolRegistry registry;
  private final DiscoveryReport.Recorder recorder;
  private final ClassLoader parent;

  /** Plugin name to where it was loaded from, so a second plugin of the same name is refused. */
  private final Map<String, String> seen = new HashMap<>();

  PluginLoader(
      PluginsConfig config,
      Bindings bindings,
      ToolRegistry registry,
      DiscoveryReport.Recorder recorder,
      ClassLoader parent) {
    this.config = config;
    this.bindings = bindings;
    this.registry = registry;
    this.recorder = recorder;
    this.parent = parent;
  }

  /** A plugin on the class path: where its descriptor is, its name, and the packages it claims. */
  record ClassPathPlugin(String root, String name, List<String> packages) {

    /**
     * Whether the index class {@code type}, found under {@code typeRoot}, belongs to this plugin.
     */
    boolean owns(Class<?> type, String typeRoot) {
      if (packages.isEmpty()) {
        return root.equals(typeRoot);
      }
      String pkg = type.getPackageName();
      for (String claimed : packages) {
        if (pkg.equals(claimed) || pkg.startsWith(claimed + ".")) {
          return true;
        }
      }
      return false;
    }
  }

  /** Every {@value #DESCRIPTOR} {@code loader} sees, in class path order. */
  static List<ClassPathPlugin> classPathPlugins(ClassLoader loader) {
    List<ClassPathPlugin> plugins = new ArrayList<>();
    try {
      Enumeration<URL> descriptors = loader.getResources(DESCRIPTOR);
      while (descriptors.hasMoreElements()) {
        URL url = descriptors.nextElement();
        String root = ServiceProviders.stripSuffix(url.toString(), DESCRIPTOR);
        PluginDescriptor descriptor = PluginDescriptor.read(url, PluginDescriptor.stem(root));
        plugins.add(new ClassPathPlugin(root, descriptor.name(), descriptor.packages()));
      }
    } catch (IOException e) {
      ServiceProviders.LOG.log(Level.WARNING, "Cannot list plugin descriptors", e);
    }
    return List.copyOf(plugins);
  }

  /** Loads the class-path plugins, sorted by name, from the index providers each one owns. */
  void loadClassPath(
      List<ClassPathPlugin> plugins,
      Map<ClassPathPlugin, List<ServiceLoader.Provider<ToolIndex>>> providersByPlugin) {
    Map<String, ClassPathPlugin> byName = new TreeMap<>();
    for (ClassPathPlugin plugin : plugins) {
      ClassPathPlugin first = byName.putIfAbsent(plugin.name(), plugin);
      if (first != null) {
        fail(
            plugin.name(),
            "a plugin named '"
                + plugin.name()
                + "' is already on the class path at "
                + first.root()
                + "; this one at "
                + plugin.root()
                + " is skipped");
      }
    }
    for (ClassPathPlugin plugin : byName.values()) {
      String name = plugin.name();
      seen.put(name, plugin.root());
      if (disabled(name)) {
        continue;
      }
      List<ServiceLoader.Provider<ToolIndex>> providers =
          providersByPlugin.getOrDefault(plugin, List.of());
      try {
        if (providers.isEmpty()) {
          throw new ServiceProviders.Failure(
              "no ToolIndex of the plugin found at " + plugin.root(), null);
        }
        register(
            name,
            plugin.root(),
            PluginThread.load(name, config.loadTimeout(), () -> indexesOf(providers)));
      } catch (ServiceProviders.Failure e) {
        fail(name, e.getMessage());
      }
    }
  }

  /** Loads every {@code *.jar} of {@code directory}, sorted by file name. */
  void loadDirectory(Path directory) {
    if (!Files.isDirectory(directory)) {
      fail(directory.toString(), "plugin directory " + directory + " does not exist");
      return;
    }
    TrustWarnings.checkNotWritableByOthers(directory, "Plugin directory");
    List<Path> jars = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*.jar")) {
      for (Path jar : entries) {
        if (Files.isRegularFile(jar)) {
          jars.add(jar);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      fail(
          directory.toString(),
          "cannot list plugin directory " + directory + ": " + ServiceProviders.message(e));
      return;
    }
    Collections.sort(jars);
    for (Path jar : jars) {
      loadJar(jar);
    }
  }

  /** Loads one plugin jar in its own class loader. */
  void loadJar(Path jar) {
    TrustWarnings.checkNotWritableByOthers(jar, "Plugin jar");
    String where = jar.toString();
    String name = PluginDescriptor.stem(jar.getFileName().toString());
    try (JarFile file = new JarFile(jar.toFile())) {
      name = PluginDescriptor.read(file, name).name();
      if (file.getJarEntry(SERVICES) == null) {
        fail(name, where + " holds no tool index (no " + SERVICES + ")");
        return;
      }
    } catch (IOException | SecurityException | IllegalArgumentException e) {
      fail(name, where + " is not a readable jar: " + ServiceProviders.message(e));
      return;
    }
    if (seen.containsKey(name)) {
      fail(
          name,
          "a plugin named '"
              + name
              + "' is already loaded from "
              + seen.get(name)
              + "; "
              + where
              + " is skipped");
      return;
    }
    seen.put(name, where);
    if (disabled(name)) {
      return;
    }
    URLClassLoader loader;
    try {
      loader =
          new URLClassLoader(
              "toolsmith-plugin-" + name,
              new URL[] {jar.toUri().toURL()},
              new HidingIndexes(parent));
    } catch (IOException e) {
      fail(name, where + ": " + ServiceProviders.message(e));
      return;
    }
    try {
      register(
          name,
          where,
          PluginThread.load(name, config.loadTimeout(), () -> indexesOf(loader, where)));
    } catch (ServiceProviders.Failure | RuntimeException | LinkageError e) {
      fail(
          name,
          where
              + ": "
              + (e instanceof ServiceProviders.Failure
                  ? e.getMessage()
                  : ServiceProviders.message(e)));
      close(loader);
    }
  }

  /** The tools and toolsets of every index the plugin jar's {@code loader} finds. */
  private Loaded indexesOf(ClassLoader loader, String where) throws ServiceProviders.Failure {
    List<String> problems = new ArrayList<>();
    List<ServiceLoader.Provider<ToolIndex>> providers =
        ServiceProviders.providers(loader, problems);
    if (!problems.isEmpty()) {
      throw new ServiceProviders.Failure(String.join("; ", problems), null);
    }
    if (providers.isEmpty()) {
      throw new ServiceProviders.Failure("no ToolIndex could be loaded from " + where, null);
    }
    return indexesOf(providers);
  }

  /**
   * The tools and toolsets of every index, or the first failure: a plugin loads whole or not at
   * all.
   */
  private Loaded indexesOf(List<ServiceLoader.Provider<ToolIndex>> providers)
      throws ServiceProviders.Failure {
    List<ToolEntry> tools = new ArrayList<>();
    List<ToolsetDefinition> toolsets = new ArrayList<>();
    for (ServiceLoader.Provider<ToolIndex> provider : providers) {
      ToolIndex index = ServiceProviders.instantiate(provider);
      tools.addAll(ServiceProviders.toolsOf(index, bindings));
      toolsets.addAll(ServiceProviders.toolsetsOf(index));
    }
    return new Loaded(tools, toolsets);
  }

  /** What a plugin's indexes hold. */
  private record Loaded(List<ToolEntry> tools, List<ToolsetDefinition> toolsets) {}

  private void register(String name, String where, Loaded loaded) {
    ToolOrigin origin = ToolOrigin.plugin(name);
    boolean allowOverride = config.allowOverride().contains(name);
    recorder.collisions(registry.registerAll(origin, loaded.tools(), allowOverride));
    for (ToolsetDefinition toolset : loaded.toolsets()) {
      registry.defineToolset(toolset);
    }
    List<String> registered = Discovery.registered(registry, loaded.tools());
    ServiceProviders.LOG.log(
        Level.DEBUG,
        () -> "Plugin " + name + " loaded from " + where + ": " + registered.size() + " tool(s)");
    recorder.source(new SourceReport(origin, SourceReport.Status.LOADED, registered, where));
  }

  private boolean disabled(String name) {
    return config
        .whyDisabled(name)
        .map(
            reason -> {
              ServiceProviders.LOG.log(
                  Level.DEBUG, () -> "Plugin " + name + " not loaded: " + reason);
              recorder.source(
                  new SourceReport(
                      ToolOrigin.plugin(name), SourceReport.Status.DISABLED, List.of(), reason));
              return true;
            })
        .orElse(false);
  }

  private void fail(String name, String reason) {
    ServiceProviders.LOG.log(
        Level.WARNING, () -> "Plugin " + name + " failed to load; skipped: " + reason);
    recorder.source(
        new SourceReport(ToolOrigin.plugin(name), SourceReport.Status.FAILED, List.of(), reason));
  }

  private static void close(URLClassLoader loader) {
    try {
      loader.close();
    } catch (IOException e) {
      ServiceProviders.LOG.log(Level.DEBUG, "Closing a failed plugin's class loader failed", e);
    }
  }
}
