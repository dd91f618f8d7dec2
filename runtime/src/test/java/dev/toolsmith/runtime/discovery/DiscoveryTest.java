package dev.toolsmith.runtime.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.Fixtures;
import dev.toolsmith.runtime.LogCapture;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.fixtures.Greeting;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Phase 1 discovery over src/test/resources/META-INF/services/dev.toolsmith.runtime.spi.ToolIndex,
 * which names two good indexes out of order, a missing class, a class that is not an index, an
 * index whose constructor throws, one whose {@code tools} throws and one that returns a null entry;
 * and over the ToolSource services file, which names a source whose constructor throws.
 */
class DiscoveryTest {

  private final LogCapture log = LogCapture.of(ServiceProviders.class);
  private final LogCapture registryLog = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
    registryLog.close();
  }

  @Test
  void goodIndexesLoadAndBrokenOnesAreLoggedAndSkipped() {
    ToolRegistry registry = discover(getClass().getClassLoader());

    assertEquals(
        Map.of("alpha_only", "alpha", "echo", "alpha", "zulu_only", "zulu"),
        Fixtures.toolsets(registry));
    assertEquals(
        "echo from alpha", registry.dispatch("echo", "{}"), "the first index by class name wins");
    assertEquals(
        1, registryLog.warnings().size(), "zulu's echo is refused: " + registryLog.warnings());

    String warnings = String.join("\n", log.warnings());
    for (String broken :
        List.of(
            "MissingIndex",
            "Greeting",
            "CrashingConstructorIndex",
            "BrokenIndex",
            "NullEntryIndex",
            "CrashingSource")) {
      assertTrue(warnings.contains(broken), broken + " is logged:\n" + warnings);
    }
    assertEquals(6, log.warnings().size(), warnings);
  }

  @Test
  void indexesComeInClassNameOrder() {
    List<String> order =
        ServiceProviders.indexes(getClass().getClassLoader()).stream()
            .map(index -> index.getClass().getSimpleName())
            .collect(Collectors.toList());
    assertEquals(List.of("AlphaIndex", "BrokenIndex", "NullEntryIndex", "ZuluIndex"), order);
  }

  @Test
  void bindingsReachTheIndexes() {
    ToolRegistry registry =
        Discovery.discover(Bindings.of(Greeting.class, new Greeting("Grüß Gott")));
    assertEquals("Grüß Gott", registry.dispatch("greet", "{}"));
  }

  @Test
  void withoutBindingsBoundToolsAreLeftOut() {
    assertEquals(false, Discovery.discover().toolNames().contains("greet"));
  }

  @Test
  void aLoaderWithNoIndexesGivesAnEmptyRegistry() {
    ClassLoader empty = new ClassLoader(null) {};
    assertEquals(List.of(), discover(empty).toolNames());
  }

  private static ToolRegistry discover(ClassLoader loader) {
    ToolRegistry registry = ToolRegistry.create();
    Discovery.builder().classLoader(loader).build().into(registry);
    return registry;
  }
}
