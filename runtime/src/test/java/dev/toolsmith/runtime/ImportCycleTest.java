package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.schema.Dialects;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The packages of the runtime and of the schema module import each other one way only, as the table
 * of docs/LAYERS.md says: every package is in the table, each uses exactly the packages its row
 * names, and only packages above it. Read from the compiled classes, so an import used only by
 * Javadoc does not count.
 */
class ImportCycleTest {

  private static final String PAGE = "docs/LAYERS.md";
  private static final Pattern ROW =
      Pattern.compile("^\\| `(dev\\.toolsmith\\.[\\w.]+)` \\|([^|]*)\\|.*\\|$");
  private static final Pattern NAME = Pattern.compile("`([\\w.]+)`");

  @Test
  void runtimePackagesHaveNoImportCycle() throws Exception {
    Map<String, Set<String>> imports = compiledPackages();
    assertTrue(imports.size() > 10, "found the runtime's and the schema's packages: " + imports);
    assertEquals(List.of(), PackageGraph.cycles(imports), () -> PackageGraph.describe(imports));
  }

  @Test
  void everyPackageUsesWhatTheLayersPageSaysAndOnlyWhatIsBelowIt() throws Exception {
    Map<String, Set<String>> imports = compiledPackages();
    Map<String, Set<String>> documented = layersTable();
    assertEquals(
        documented.keySet(),
        imports.keySet(),
        PAGE + " lists the runtime's and the schema's packages, one row each");
    assertEquals(
        documented,
        imports,
        () -> "the uses column of " + PAGE + " is not what the classes use:\n" + rows(imports));
    List<String> seen = new ArrayList<>();
    documented.forEach(
        (pkg, uses) -> {
          assertTrue(seen.containsAll(uses), pkg + " uses a package below it in " + PAGE);
          seen.add(pkg);
        });
  }

  @Test
  void theCheckSeesACycle() {
    Map<String, Set<String>> imports =
        Map.of(
            "a", Set.of("b"),
            "b", Set.of("c"),
            "c", Set.of("a", "d"),
            "d", Set.of());
    assertEquals(List.of(List.of("a", "b", "c")), PackageGraph.cycles(imports));
  }

  /** The packages of the runtime's and the schema module's classes, with those they use. */
  private static Map<String, Set<String>> compiledPackages() throws Exception {
    Map<String, Set<String>> imports = new TreeMap<>();
    for (Class<?> anchor : List.of(ToolRegistry.class, Dialects.class)) {
      imports.putAll(packagesOf(codeSource(anchor)));
    }
    return imports;
  }

  private static Map<String, Set<String>> packagesOf(Path classes) throws IOException {
    if (Files.isDirectory(classes)) {
      return PackageGraph.ofClasses(classes, "dev/toolsmith/");
    }
    try (FileSystem jar = FileSystems.newFileSystem(classes)) {
      return PackageGraph.ofClasses(jar.getPath("/"), "dev/toolsmith/");
    }
  }

  private static Path codeSource(Class<?> type) throws URISyntaxException {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    return Path.of(source.getLocation().toURI());
  }

  /**
   * The rows of the page's table of the runtime and schema packages, in its order: each package
   * with the packages it uses (the MCP module's table is the mcp module's test's).
   */
  private static Map<String, Set<String>> layersTable() throws IOException {
    Map<String, Set<String>> rows = new LinkedHashMap<>();
    for (String line : Files.readAllLines(page())) {
      Matcher row = ROW.matcher(line);
      if (row.matches()
          && (row.group(1).startsWith("dev.toolsmith.runtime")
              || row.group(1).startsWith("dev.toolsmith.schema"))) {
        Set<String> uses = new TreeSet<>();
        Matcher name = NAME.matcher(row.group(2));
        while (name.find()) {
          uses.add("dev.toolsmith." + name.group(1));
        }
        rows.put(row.group(1), uses);
      }
    }
    return rows;
  }

  /** What the classes use, as the page's rows would say it. */
  private static String rows(Map<String, Set<String>> imports) {
    StringBuilder text = new StringBuilder();
    imports.forEach(
        (pkg, uses) -> {
          List<String> names = new ArrayList<>();
          uses.forEach(used -> names.add("`" + used.substring("dev.toolsmith.".length()) + "`"));
          text.append("| `").append(pkg).append("` | ").append(String.join(", ", names));
          text.append(" |\n");
        });
    return text.toString();
  }

  /**
   * docs/LAYERS.md of the repository this build runs in: the nearest above the working directory.
   */
  private static Path page() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path page = dir.resolve(PAGE);
      if (Files.isRegularFile(page)) {
        return page;
      }
    }
    throw new AssertionError("no " + PAGE + " above " + Path.of("").toAbsolutePath());
  }
}
