package dev.toolsmith.runtime.discovery;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * What a plugin's descriptor ({@value PluginLoader#DESCRIPTOR}, a properties file) says: its {@code
 * name}, by default the jar's file name without {@code .jar}, and the {@code packages} of its
 * indexes, a comma-separated list, empty when it names none.
 *
 * @param name the plugin's name
 * @param packages the packages its indexes are in (and below); empty: those in its own jar
 */
record PluginDescriptor(String name, List<String> packages) {

  /**
   * The descriptor at {@code url}; an unreadable one is logged and names the plugin {@code
   * fallbackName}.
   */
  static PluginDescriptor read(URL url, String fallbackName) {
    Properties properties = new Properties();
    try (InputStream in = url.openStream()) {
      properties.load(in);
    } catch (IOException | IllegalArgumentException e) {
      ServiceProviders.LOG.log(Level.WARNING, () -> "Unreadable plugin descriptor " + url, e);
    }
    return of(properties, fallbackName);
  }

  /**
   * The descriptor of a plugin jar, or one naming it {@code fallbackName} when it has none. A
   * corrupt manifest fails here, before any class of the jar is loaded.
   */
  static PluginDescriptor read(JarFile jar, String fallbackName) throws IOException {
    jar.getManifest();
    JarEntry descriptor = jar.getJarEntry(PluginLoader.DESCRIPTOR);
    Properties properties = new Properties();
    if (descriptor != null) {
      try (InputStream in = jar.getInputStream(descriptor)) {
        properties.load(in);
      }
    }
    return of(properties, fallbackName);
  }

  private static PluginDescriptor of(Properties properties, String fallbackName) {
    String name = properties.getProperty("name", "").trim();
    List<String> packages = new ArrayList<>();
    for (String pkg : properties.getProperty("packages", "").split(",", -1)) {
      if (!pkg.isBlank()) {
        packages.add(pkg.trim());
      }
    }
    return new PluginDescriptor(name.isEmpty() ? fallbackName : name, List.copyOf(packages));
  }

  /** The file name of a root or path without {@code .jar} or trailing separators. */
  static String stem(String location) {
    String path = location;
    if (path.endsWith("!/")) {
      path = path.substring(0, path.length() - 2);
    }
    while (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    String file = path.substring(path.lastIndexOf('/') + 1);
    return file.endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
  }
}
