package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.PackageGraph;
import java.io.File;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The project's modules on this class path (annotations, schema, processor, runtime, MCP, MCP over
 * HTTP, search embeddings, this app) use each other one way only, package by package and module by
 * module. Read from their compiled classes.
 */
class ModuleCycleTest {

  private static final String PREFIX = "dev/toolsmith/";
  private static final Pattern JAR = Pattern.compile("toolsmith-(.+?)-\\d.*\\.jar");

  @Test
  void noImportCycleBetweenPackagesOrModules() throws Exception {
    Map<String, Set<String>> packages = new TreeMap<>();
    Map<String, String> moduleOfPackage = new TreeMap<>();
    List<String> modules = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      String module = moduleName(path);
      if (module == null) {
        continue;
      }
      Map<String, Set<String>> own = read(path);
      if (own.isEmpty()) {
        continue;
      }
      modules.add(module);
      own.forEach(
          (from, to) -> {
            packages.computeIfAbsent(from, p -> new TreeSet<>()).addAll(to);
            moduleOfPackage.put(from, module);
          });
    }
    assertTrue(
        modules.containsAll(
            List.of(
                "annotations",
                "schema",
                "processor",
                "runtime",
                "mcp",
                "mcp-http",
                "search-embeddings",
                "example-app")),
        "found modules " + modules);
    assertEquals(List.of(), PackageGraph.cycles(packages), () -> PackageGraph.describe(packages));

    Map<String, Set<String>> moduleImports = new TreeMap<>();
    packages.forEach(
        (from, to) -> {
          String module = moduleOfPackage.get(from);
          Set<String> used = moduleImports.computeIfAbsent(module, m -> new TreeSet<>());
          for (String target : to) {
            String other = moduleOfPackage.get(target);
            if (other != null && !other.equals(module)) {
              used.add(other);
            }
          }
        });
    assertEquals(
        List.of(), PackageGraph.cycles(moduleImports), () -> PackageGraph.describe(moduleImports));
  }

  /** The module folder of a main class directory or jar of this project, else null. */
  private static String moduleName(Path path) {
    String text = path.toString().replace('\\', '/');
    if (text.endsWith("/target/classes")) {
      return path.getParent().getParent().getFileName().toString();
    }
    Matcher jar = JAR.matcher(path.getFileName().toString());
    return jar.matches() && !jar.group(0).endsWith("-tests.jar") ? jar.group(1) : null;
  }

  private static Map<String, Set<String>> read(Path path) throws Exception {
    if (Files.isDirectory(path)) {
      return PackageGraph.ofClasses(path, PREFIX, Set.of());
    }
    if (!Files.isRegularFile(path)) {
      return Map.of();
    }
    try (FileSystem jar = FileSystems.newFileSystem(path)) {
      return PackageGraph.ofClasses(jar.getPath("/"), PREFIX, Set.of());
    }
  }
}
