package dev.toolsmith.runtime.discovery;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import org.jspecify.annotations.Nullable;

/**
 * The parent of a plugin's class loader: every class of the application, but none of its index
 * service files or plugin descriptors, so the plugin's ServiceLoader finds the jar's own indexes
 * only.
 */
final class HidingIndexes extends ClassLoader {
  static {
    registerAsParallelCapable();
  }

  HidingIndexes(ClassLoader parent) {
    super("toolsmith-plugin-parent", parent);
  }

  private static boolean hidden(String name) {
    return PluginLoader.SERVICES.equals(name) || PluginLoader.DESCRIPTOR.equals(name);
  }

  @Override
  public @Nullable URL getResource(String name) {
    return hidden(name) ? null : super.getResource(name);
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    return hidden(name) ? Collections.emptyEnumeration() : super.getResources(name);
  }
}
