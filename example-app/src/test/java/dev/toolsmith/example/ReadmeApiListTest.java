package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.annotations.Tool;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.Dialects;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The guide's "API at a glance" (docs/guide/api.md) lists exactly the public top-level types of the
 * jars an application depends on, each under the heading of its package and artifact.
 *
 * <p>Those jars are found on this module's test class path, as jars or as class directories of the
 * reactor: every entry holding {@code dev/toolsmith} classes except the processor (it runs inside
 * javac, not in the application) and this app. Packages that are not API are left out: {@code
 * support} (public for generated code only) and {@code internal} (not exported). Class files are
 * read with ASM, nothing is loaded.
 */
final class ReadmeApiListTest {

  /** Toolsmith artifacts on this class path that an application does not depend on. */
  private static final Set<String> NOT_API_ARTIFACTS =
      Set.of("toolsmith-processor", "toolsmith-example-app");

  private static final Set<String> NOT_API_PACKAGE_SEGMENTS = Set.of("support", "internal");

  @Test
  void readmeListsEveryPublicTypeOfTheApiJarsAndNothingElse() throws Exception {
    Map<String, String> actual = new TreeMap<>(); // "package.Type (artifact)" -> class path entry
    List<Path> scanned = new ArrayList<>();
    for (Path entry : classPath()) {
      String artifact = artifactOf(entry);
      if (artifact == null || NOT_API_ARTIFACTS.contains(artifact)) {
        continue;
      }
      scanned.add(entry);
      for (String type : publicTopLevelTypes(entry)) {
        if (isApiPackage(type.substring(0, type.lastIndexOf('.')))) {
          actual.put(type + " (" + artifact + ")", entry.toString());
        }
      }
    }
    for (Class<?> anchor : List.of(Tool.class, ToolRegistry.class, Dialects.class)) {
      assertTrue(
          scanned.contains(codeSource(anchor)),
          "the class path scan missed " + codeSource(anchor) + "; scanned: " + scanned);
    }

    Map<String, Readme.ListedType> listed = new LinkedHashMap<>();
    for (Readme.ListedType type : Readme.apiList()) {
      listed.put(type.qualifiedName() + " (" + type.artifact() + ")", type);
    }
    List<String> missing = new ArrayList<>();
    actual.keySet().stream().filter(type -> !listed.containsKey(type)).forEach(missing::add);
    List<String> stale = new ArrayList<>();
    listed.forEach(
        (type, line) -> {
          if (!actual.containsKey(type)) {
            stale.add(Readme.API_PAGE + ":" + line.line() + ": " + type);
          }
        });
    if (!missing.isEmpty() || !stale.isEmpty()) {
      StringBuilder message =
          new StringBuilder(
              Readme.API_PAGE
                  + " \""
                  + Readme.API_SECTION
                  + "\" does not match the public top-level types of the jars "
                  + scanned
                  + ".");
      if (!missing.isEmpty()) {
        message
            .append(
                "\nPublic types the guide does not list (add a line under the heading"
                    + " \"## PACKAGE (ARTIFACT)\"):\n  ")
            .append(String.join("\n  ", missing));
      }
      if (!stale.isEmpty()) {
        message
            .append(
                "\nListed in the guide but no public top-level type of that artifact"
                    + " (removed, renamed, moved or no longer public):\n  ")
            .append(String.join("\n  ", stale));
      }
      throw new AssertionError(message.toString());
    }
    assertFalse(actual.isEmpty(), "no public types found in " + scanned);
  }

  private static boolean isApiPackage(String packageName) {
    return Stream.of(packageName.split("\\.")).noneMatch(NOT_API_PACKAGE_SEGMENTS::contains);
  }

  /** The test class path, as jars and class directories. */
  private static List<Path> classPath() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.isEmpty())
        .map(entry -> Path.of(entry).toAbsolutePath().normalize())
        .filter(Files::exists)
        .toList();
  }

  private static Path codeSource(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
        .toAbsolutePath()
        .normalize();
  }

  /**
   * The Maven artifact a class path entry is, when it holds Toolsmith classes: from the jar's
   * {@code pom.properties}, or from the module's {@code pom.xml} for a reactor's class directory.
   * Null for entries without classes under {@code dev/toolsmith}, and for test jars.
   */
  private static String artifactOf(Path entry) throws IOException {
    String fileName = entry.getFileName() == null ? "" : entry.getFileName().toString();
    if (fileName.endsWith("-tests.jar") || fileName.equals("test-classes")) {
      return null; // another module's test fixtures (a test-jar), not API
    }
    if (Files.isDirectory(entry)) {
      if (!Files.isDirectory(entry.resolve("dev/toolsmith"))) {
        return null;
      }
      Path pom = entry.getParent() == null ? null : entry.getParent().resolveSibling("pom.xml");
      if (pom == null || !Files.isRegularFile(pom)) {
        throw new AssertionError("no pom.xml for the class directory " + entry);
      }
      String withoutParent = Files.readString(pom).replaceFirst("(?s)<parent>.*?</parent>", "");
      Matcher artifactId =
          Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(withoutParent);
      if (!artifactId.find()) {
        throw new AssertionError("no artifactId in " + pom);
      }
      return artifactId.group(1).trim();
    }
    try (JarFile jar = new JarFile(entry.toFile())) {
      if (jar.stream()
          .noneMatch(
              e -> e.getName().startsWith("dev/toolsmith/") && e.getName().endsWith(".class"))) {
        return null;
      }
      JarEntry properties =
          jar.stream()
              .filter(e -> e.getName().matches("META-INF/maven/[^/]+/[^/]+/pom\\.properties"))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("no META-INF/maven/**/pom.properties in " + entry));
      Properties pom = new Properties();
      try (InputStream in = jar.getInputStream(properties)) {
        pom.load(in);
      }
      return pom.getProperty("artifactId");
    }
  }

  /** Binary names of the public top-level classes of a jar or class directory. */
  private static List<String> publicTopLevelTypes(Path entry) throws IOException {
    List<String> types = new ArrayList<>();
    if (Files.isDirectory(entry)) {
      try (Stream<Path> files = Files.walk(entry)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
          publicTopLevelType(Files.readAllBytes(file)).ifPresent(types::add);
        }
      }
      return types;
    }
    try (JarFile jar = new JarFile(entry.toFile())) {
      for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
        JarEntry file = entries.nextElement();
        if (file.getName().endsWith(".class") && !file.getName().startsWith("META-INF/")) {
          try (InputStream in = jar.getInputStream(file)) {
            publicTopLevelType(in.readAllBytes()).ifPresent(types::add);
          }
        }
      }
    }
    return types;
  }

  private static Optional<String> publicTopLevelType(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    String name = reader.getClassName();
    if ((reader.getAccess() & Opcodes.ACC_PUBLIC) == 0
        || (reader.getAccess() & Opcodes.ACC_MODULE) != 0
        || name.endsWith("/package-info")) {
      return Optional.empty();
    }
    boolean[] nested = {false};
    reader.accept(
        new ClassVisitor(Opcodes.ASM9) {
          @Override
          public void visitNestHost(String host) {
            nested[0] = true;
          }

          @Override
          public void visitOuterClass(String owner, String method, String descriptor) {
            nested[0] = true;
          }

          @Override
          public void visitInnerClass(String inner, String outer, String simpleName, int access) {
            nested[0] |= inner.equals(name);
          }
        },
        ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return nested[0] ? Optional.empty() : Optional.of(name.replace('/', '.'));
  }
}
