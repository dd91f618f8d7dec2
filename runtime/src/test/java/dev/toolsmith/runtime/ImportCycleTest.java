package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages import each other one way only: registry core, then {@code spi}, then
 * discovery, with {@code internal} and {@code search} below and the generated-code package above.
 * Read from the compiled classes, so an import used only by Javadoc does not count.
 */
class ImportCycleTest {

  @Test
  void runtimePackagesHaveNoImportCycle() throws Exception {
    Path classes =
        Path.of(ToolRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, Set<String>> imports = PackageGraph.ofClasses(classes, "dev/toolsmith/", Set.of());
    assertTrue(imports.size() > 4, "found the runtime's packages in " + classes);
    assertEquals(List.of(), PackageGraph.cycles(imports), () -> PackageGraph.describe(imports));
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
}
