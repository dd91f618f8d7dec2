package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The generated tool sets: one jar per contender and size, nested in the benchmark jar, copied to a
 * temporary file and loaded through a class loader of its own, so each set starts from nothing.
 */
final class ToolSets {

  static final String TOOLSMITH = "toolsmith";
  static final String LANGCHAIN4J = "langchain4j";
  static final String SPRINGAI = "springai";
  static final String LIMIT = "limit";

  private ToolSets() {}

  /** Copies the set's jar out of the benchmark jar; not measured (applications have it on disk). */
  static Path extract(String contender, int n) {
    String resource = "/toolsets/" + contender + "-n" + n + ".jar";
    try (InputStream in = ToolSets.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing tool set " + resource + "; build with mvn verify");
      }
      Path jar = Files.createTempFile("toolsmith-bench-" + contender + "-n" + n + "-", ".jar");
      jar.toFile().deleteOnExit();
      Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
      return jar;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A class loader over one set's jar, its parent holding the libraries. */
  static URLClassLoader loader(Path jar) {
    requireNonNull(jar, "jar == null");
    try {
      return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ToolSets.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The owner classes of a set, which the peers need because they have no discovery. */
  static List<String> classNames(ClassLoader loader) {
    URL list = loader.getResource("META-INF/bench/classes.txt");
    if (list == null) {
      throw new IllegalStateException("no META-INF/bench/classes.txt in the tool set");
    }
    List<String> names = new ArrayList<>();
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(list.openStream(), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.isBlank()) {
          names.add(line.trim());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  /** Instantiates every owner class, the way a DI container hands tool objects to a peer. */
  static List<Object> instantiate(ClassLoader loader) {
    List<Object> objects = new ArrayList<>();
    for (String name : classNames(loader)) {
      try {
        objects.add(Class.forName(name, true, loader).getDeclaredConstructor().newInstance());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot instantiate " + name, e);
      }
    }
    return objects;
  }
}
