package dev.toolsmith.runtime;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds real tool jars inside a test: Java sources compiled with the system compiler against the
 * runtime's classes, a services file, optionally a plugin descriptor, and broken variants.
 */
public final class TestJars {

  private final Path workDir;
  private int compilations;

  public TestJars(Path workDir) {
    this.workDir = workDir;
  }

  /** The source of an index in package {@code pkg} with one sync tool answering {@code result}. */
  public static String indexSource(
      String pkg, String className, String tool, String toolset, String result) {
    return "package "
        + pkg
        + ";\n"
        + "import dev.toolsmith.runtime.*;\n"
        + "import dev.toolsmith.runtime.tool.*;\n"
        + "import dev.toolsmith.runtime.spi.ToolIndex;\n"
        + "import java.util.List;\n"
        + "public final class "
        + className
        + " implements ToolIndex {\n"
        + "  @Override public List<ToolEntry> tools(Bindings bindings) {\n"
        + "    return List.of(ToolEntry.builder(\""
        + tool
        + "\", \""
        + toolset
        + "\")\n"
        + "        .schema(\"{\\\"type\\\":\\\"object\\\"}\").description(\"A test tool.\")\n"
        + "        .handler((ToolHandler.Sync) (args, context) -> \""
        + result
        + "\").build());\n"
        + "  }\n"
        + "}\n";
  }

  /** A jar builder. */
  public Jar jar(String fileName) {
    return new Jar(workDir.resolve(fileName));
  }

  /** A file that is not a zip at all, named like a jar. */
  public Path notAZip(Path directory, String fileName) throws IOException {
    Files.createDirectories(directory);
    return Files.writeString(directory.resolve(fileName), "this is not a zip file\n");
  }

  /** Collects a jar's contents, then writes it. */
  public final class Jar {
    private final Path file;
    private final Map<String, String> sources = new LinkedHashMap<>();
    private final List<String> services = new ArrayList<>();
    private final List<String> omitted = new ArrayList<>();
    private String descriptor;
    private byte[] manifest;

    private Jar(Path file) {
      this.file = file;
    }

    /** A class to compile into the jar, by fully qualified name. */
    public Jar source(String className, String source) {
      sources.put(className, source);
      return this;
    }

    /** An index class with one tool, listed as a service. */
    public Jar index(String className, String tool, String toolset, String result) {
      int dot = className.lastIndexOf('.');
      source(
          className,
          indexSource(
              className.substring(0, dot), className.substring(dot + 1), tool, toolset, result));
      return service(className);
    }

    /** A line of the ToolIndex services file. */
    public Jar service(String className) {
      services.add(className);
      return this;
    }

    /** A class compiled with the others but left out of the jar: a missing class at run time. */
    public Jar omit(String className) {
      omitted.add(className);
      return this;
    }

    /** A plugin descriptor naming the plugin. */
    public Jar pluginName(String name) {
      this.descriptor = "name=" + name + "\n";
      return this;
    }

    /** A plugin descriptor with these properties lines. */
    public Jar descriptor(String properties) {
      this.descriptor = properties;
      return this;
    }

    /** Raw manifest bytes instead of a valid manifest. */
    public Jar rawManifest(String text) {
      this.manifest = text.getBytes(UTF_8);
      return this;
    }

    /** Compiles and writes the jar into {@code directory}; returns its path. */
    public Path writeTo(Path directory) throws IOException {
      Files.createDirectories(directory);
      Path classes = compile();
      Path target = directory.resolve(file.getFileName());
      try (OutputStream out = Files.newOutputStream(target);
          JarOutputStream jar = new JarOutputStream(out)) {
        jar.putNextEntry(new JarEntry("META-INF/MANIFEST.MF"));
        if (manifest != null) {
          jar.write(manifest);
        } else {
          Manifest valid = new Manifest();
          valid.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
          valid.write(jar);
        }
        jar.closeEntry();
        if (!services.isEmpty()) {
          put(
              jar,
              "META-INF/services/dev.toolsmith.runtime.spi.ToolIndex",
              String.join("\n", services) + "\n");
        }
        if (descriptor != null) {
          put(jar, "META-INF/toolsmith/plugin.properties", descriptor);
        }
        List<Path> classFiles;
        try (Stream<Path> walk = Files.walk(classes)) {
          classFiles =
              walk.filter(p -> p.toString().endsWith(".class"))
                  .sorted()
                  .collect(Collectors.toList());
        }
        for (Path classFile : classFiles) {
          String name = classes.relativize(classFile).toString().replace('\\', '/');
          String className = name.substring(0, name.length() - ".class".length()).replace('/', '.');
          if (omitted.contains(className)) {
            continue;
          }
          jar.putNextEntry(new JarEntry(name));
          jar.write(Files.readAllBytes(classFile));
          jar.closeEntry();
        }
      }
      return target;
    }

    /** Compiles and writes the jar into the work directory. */
    public Path write() throws IOException {
      return writeTo(workDir.resolve("jars"));
    }

    private Path compile() throws IOException {
      Path out = workDir.resolve("classes-" + (compilations++));
      Files.createDirectories(out);
      if (sources.isEmpty()) {
        return out;
      }
      Path src = workDir.resolve("src-" + compilations);
      List<String> args =
          new ArrayList<>(
              List.of(
                  "-d",
                  out.toString(),
                  "-classpath",
                  runtimeClasses()
                      + java.io.File.pathSeparator
                      + classesOf(dev.toolsmith.schema.definition.ToolDefinition.class),
                  "--release",
                  "17",
                  "-nowarn"));
      for (Map.Entry<String, String> source : sources.entrySet()) {
        Path path = src.resolve(source.getKey().replace('.', '/') + ".java");
        Files.createDirectories(path.getParent());
        Files.writeString(path, source.getValue());
        args.add(path.toString());
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      ByteArrayOutputStream errors = new ByteArrayOutputStream();
      int status = javac.run(null, errors, errors, args.toArray(new String[0]));
      if (status != 0) {
        throw new IllegalStateException("test sources did not compile:\n" + errors.toString(UTF_8));
      }
      return out;
    }

    private void put(JarOutputStream jar, String name, String text) throws IOException {
      jar.putNextEntry(new JarEntry(name));
      jar.write(text.getBytes(UTF_8));
      jar.closeEntry();
    }
  }

  /** Where the runtime's main classes are, to compile test plugins against. */
  public static Path runtimeClasses() {
    return classesOf(ToolRegistry.class);
  }

  /** Where {@code type}'s classes are: a jar or a classes directory. */
  private static Path classesOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The URLs of {@code jars}, for a class loader standing in for the class path. */
  public static URL[] urls(Path... jars) {
    URL[] urls = new URL[jars.length];
    for (int i = 0; i < jars.length; i++) {
      try {
        urls[i] = jars[i].toUri().toURL();
      } catch (MalformedURLException e) {
        throw new UncheckedIOException(e);
      }
    }
    return urls;
  }
}
