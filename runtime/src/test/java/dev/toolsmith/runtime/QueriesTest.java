package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class QueriesTest {

  private final ToolRegistry registry = ToolRegistry.create();
  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
  }

  @Test
  void unknownNamesGiveEmptyValuesOrTheDefault() {
    registry.register(entry("known", "s"));
    for (String unknown : new String[] {"nope", null}) {
      assertEquals(Optional.empty(), registry.entry(unknown));
      assertEquals(Optional.empty(), registry.schema(unknown));
      assertEquals(Optional.empty(), registry.toolsetOf(unknown));
      assertEquals("⚡", registry.emoji(unknown));
      assertEquals("?", registry.emoji(unknown, "?"));
      assertEquals(1234, registry.maxResultChars(unknown, 1234));
      assertEquals(List.of(), registry.toolNames(unknown));
      assertFalse(registry.isToolsetAvailable(unknown));
    }
  }

  @Test
  void emptyRegistry() {
    assertEquals(List.of(), registry.toolNames());
    assertEquals(Map.of(), registry.toolToToolset());
    assertEquals(List.of(), registry.toolsets());
    assertEquals(List.of(), registry.availability());
    assertEquals(Map.of(), registry.toolsetAvailability());
    assertEquals(List.of(), registry.toolsetRequirements());
    assertEquals(new AvailabilityReport(List.of(), List.of()), registry.availabilityReport());
  }

  @Test
  void perToolQueries() {
    registry.register(Fixtures.tool("read_file", "files").emoji("📄").maxResultChars(500).build());
    registry.register(entry("plain", "files"));

    assertEquals(Optional.of(Fixtures.SCHEMA), registry.schema("read_file"));
    assertEquals(Optional.of("files"), registry.toolsetOf("read_file"));
    assertEquals("📄", registry.emoji("read_file"));
    assertEquals("⚡", registry.emoji("plain"), "no emoji gives the default");
    assertEquals(500, registry.maxResultChars("read_file", 100_000));
    assertEquals(100_000, registry.maxResultChars("plain", 100_000));
    assertEquals("read_file", registry.entry("read_file").orElseThrow().name());
  }

  @Test
  void schemaIgnoresAvailabilityChecks() {
    CountingCheck check = new CountingCheck(false);
    registry.register(entry("gated", "web", check));
    assertEquals(Optional.of(Fixtures.SCHEMA), registry.schema("gated"));
    assertEquals(0, check.calls());
  }

  @Test
  void namesAndToolsetsAreSorted() {
    registry.register(entry("zeta", "b"));
    registry.register(entry("alpha", "c"));
    registry.register(entry("mid", "a"));

    assertEquals(List.of("alpha", "mid", "zeta"), registry.toolNames());
    assertEquals(List.of("a", "b", "c"), registry.toolsets());
    assertEquals(List.of("alpha", "mid", "zeta"), List.copyOf(registry.toolToToolset().keySet()));
    assertEquals(Map.of("zeta", "b", "alpha", "c", "mid", "a"), registry.toolToToolset());
    assertEquals(List.of("mid"), registry.toolNames("a"));
  }

  @Test
  void availabilityReportsEveryToolsetWithItsReasonRunningEachCheckOnce() {
    CountingCheck passing = new CountingCheck(true);
    CountingCheck failing = new CountingCheck(false);
    registry.register(Fixtures.tool("fetch", "web").check(passing).requiresEnv(List.of("PROXY")).build());
    registry.register(Fixtures.tool("search", "web").check(passing).requiresEnv(List.of("KEY", "PROXY")).build());
    registry.register(Fixtures.tool("query", "db").check(failing).requiresEnv(List.of("DB_URL")).build());
    registry.register(entry("read", "files"));
    registry.register(entry("ping", "broken", () -> {
      throw new IllegalStateException("socket closed");
    }));

    assertEquals(List.of(
            new ToolsetAvailability("broken", false, "check threw IllegalStateException: socket closed",
                List.of("ping"), List.of()),
            new ToolsetAvailability("db", false, ToolsetAvailability.CHECK_FAILED,
                List.of("query"), List.of("DB_URL")),
            new ToolsetAvailability("files", true, ToolsetAvailability.NO_CHECK, List.of("read"), List.of()),
            new ToolsetAvailability("web", true, ToolsetAvailability.CHECK_PASSED,
                List.of("fetch", "search"), List.of("PROXY", "KEY"))),
        registry.availability());
    assertEquals(1, passing.calls());
    assertEquals(1, failing.calls());

    Map<String, Boolean> byToolset = registry.toolsetAvailability();
    assertEquals(Map.of("broken", false, "db", false, "files", true, "web", true), byToolset);
    assertEquals(List.of("broken", "db", "files", "web"), List.copyOf(byToolset.keySet()));
    assertEquals(1, passing.calls(), "the next listing within the TTL reuses the result");
    registry.invalidateChecks();
    registry.toolsetAvailability();
    assertEquals(2, passing.calls(), "after invalidation the check runs again");

    AvailabilityReport report = registry.availabilityReport();
    assertEquals(List.of("files", "web"), report.available());
    assertEquals(List.of("broken", "db"),
        report.unavailable().stream().map(ToolsetAvailability::toolset).toList());
    assertEquals(List.of("files", "web"), registry.availableToolsets());
    assertTrue(registry.isToolsetAvailable("web"));
    assertFalse(registry.isToolsetAvailable("db"));
    assertFalse(registry.isToolsetAvailable("broken"));
  }

  @Test
  void requirementsReadChecksWithoutRunningThem() {
    CountingCheck check = new CountingCheck(true);
    registry.register(Fixtures.tool("fetch", "web").check(check).requiresEnv(List.of("KEY")).build());
    registry.register(entry("read", "files"));

    assertEquals(List.of(
            new ToolsetRequirements("files", List.of(), false, List.of("read")),
            new ToolsetRequirements("web", List.of("KEY"), true, List.of("fetch"))),
        registry.toolsetRequirements());
    assertEquals(0, check.calls());
  }
}
