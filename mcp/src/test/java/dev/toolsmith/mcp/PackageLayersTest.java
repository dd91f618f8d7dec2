package dev.toolsmith.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.mcp.client.McpClients;
import dev.toolsmith.runtime.PackageGraph;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The module's packages use each other one way only: the client and the server each use the shared
 * {@code internal} package and never each other, and {@code internal} uses neither. Read from the
 * compiled classes, so an import used only by Javadoc does not count.
 */
final class PackageLayersTest {

  private static final String CLIENT = "dev.toolsmith.mcp.client";
  private static final String SERVER = "dev.toolsmith.mcp.server";
  private static final String INTERNAL = "dev.toolsmith.mcp.internal";

  @Test
  void clientAndServerShareOnlyTheInternalPackage() throws Exception {
    Path classes =
        Path.of(McpClients.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, Set<String>> imports = PackageGraph.ofClasses(classes, "dev/toolsmith/mcp/");

    assertEquals(List.of(), PackageGraph.cycles(imports), () -> PackageGraph.describe(imports));
    assertEquals(
        Map.of(CLIENT, Set.of(INTERNAL), SERVER, Set.of(INTERNAL), INTERNAL, Set.of()),
        imports,
        () -> PackageGraph.describe(imports));
  }
}
