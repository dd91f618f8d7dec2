package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import dev.toolsmith.runtime.availability.Availability;
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
      assertEquals(
          Optional.empty(), registry.entry(unknown).map(entry -> entry.definition().schema()));
      assertEquals(Optional.empty(), registry.entry(unknown).map(ToolEntry::toolset));
      assertEquals(
          registry.resultBudget().defaultMaxResultChars(), registry.maxResultChars(unknown));
      assertEquals(Optional.empty(), registry.availability().tool(unknown));
      assertEquals(List.of(), registry.toolNames(unknown));
      assertFalse(Fixtures.available(registry, unknown));
    }
  }

  @Test
  void emptyRegistry() {
    assertEquals(List.of(), registry.toolNames());
    assertEquals(List.of(), registry.toolsets());
    assertEquals(Map.of(), registry.availability().toolsets());
    assertEquals(Map.of(), registry.availability().tools());
  }

  @Test
  void perToolQueries() {
    registry.register(Fixtures.tool("read_file", "files").emoji("📄").maxResultChars(500).build());
    registry.register(entry("plain", "files"));

    assertEquals(
        Optional.of(Fixtures.SCHEMA),
        registry.entry("read_file").map(entry -> entry.definition().schema()));
    assertEquals(Optional.of("files"), registry.entry("read_file").map(ToolEntry::toolset));
    assertEquals("📄", registry.entry("read_file").orElseThrow().emoji());
    assertEquals(
        "", registry.entry("plain").orElseThrow().emoji(), "no emoji: the caller's default");
    assertEquals("📄", registry.emoji("read_file"));
    assertEquals("⚡", registry.emoji("plain"), "no emoji: the registry's default");
    assertEquals("⚡", registry.emoji("nope"), "an unknown name: the default, no exception");
    assertEquals("⚡", registry.emoji(null));
    assertEquals(500, registry.maxResultChars("read_file"));
    assertEquals(
        registry.resultBudget().defaultMaxResultChars(),
        registry.maxResultChars("plain"),
        "no limit of its own: the registry's default");
    assertEquals("read_file", registry.entry("read_file").orElseThrow().name());
  }

  @Test
  void schemaIgnoresAvailabilityChecks() {
    CountingCheck check = new CountingCheck(false);
    registry.register(entry("gated", "web", check));
    assertEquals(
        Optional.of(Fixtures.SCHEMA),
        registry.entry("gated").map(entry -> entry.definition().schema()));
    assertEquals(0, check.calls());
  }

  @Test
  void namesAndToolsetsAreSorted() {
    registry.register(entry("zeta", "b"));
    registry.register(entry("alpha", "c"));
    registry.register(entry("mid", "a"));

    assertEquals(List.of("alpha", "mid", "zeta"), registry.toolNames());
    assertEquals(List.of("a", "b", "c"), registry.toolsets());
    assertEquals(
        List.of("alpha", "mid", "zeta"), List.copyOf(registry.availability().tools().keySet()));
    assertEquals(List.of("mid"), registry.toolNames("a"));
  }

  @Test
  void availabilityReportsEveryToolAndToolsetWithItsReasonRunningEachCheckOnce() {
    CountingCheck passing = new CountingCheck(true);
    CountingCheck failing = new CountingCheck(false);
    registry.register(
        Fixtures.tool("fetch", "web").check(passing).requiresEnv(List.of("PROXY")).build());
    registry.register(
        Fixtures.tool("search", "web").check(passing).requiresEnv(List.of("KEY", "PROXY")).build());
    registry.register(
        Fixtures.tool("query", "db").check(failing).requiresEnv(List.of("DB_URL")).build());
    registry.register(entry("read", "files"));
    registry.register(
        entry(
            "ping",
            "broken",
            () -> {
              throw new IllegalStateException("socket closed");
            }));

    AvailabilityReport report = registry.availability();
    assertEquals(List.of("broken", "db", "files", "web"), List.copyOf(report.toolsets().keySet()));
    assertEquals(
        new Availability(false, "check threw IllegalStateException: socket closed", List.of()),
        report.toolsets().get("broken"));
    assertEquals(
        new Availability(false, Availability.CHECK_FAILED, List.of("DB_URL")),
        report.toolsets().get("db"));
    assertEquals(
        new Availability(true, Availability.NO_CHECK, List.of()), report.toolsets().get("files"));
    assertEquals(
        new Availability(true, Availability.CHECK_PASSED, List.of("PROXY", "KEY")),
        report.toolsets().get("web"),
        "a toolset needs the variables of all its tools");
    assertEquals(
        List.of("fetch", "ping", "query", "read", "search"), List.copyOf(report.tools().keySet()));
    assertEquals(
        new Availability(true, Availability.CHECK_PASSED, List.of("PROXY")),
        report.tool("fetch").orElseThrow(),
        "a tool needs its own variables");
    assertEquals(
        new Availability(false, Availability.CHECK_FAILED, List.of("DB_URL")),
        report.tool("query").orElseThrow());
    assertEquals(1, passing.calls());
    assertEquals(1, failing.calls());
    assertEquals(List.of("files", "web"), report.availableToolsets());
    assertEquals(List.of("fetch", "read", "search"), report.availableTools());

    registry.availability();
    assertEquals(1, passing.calls(), "the next listing within the TTL reuses the result");
    registry.invalidateChecks();
    registry.availability();
    assertEquals(2, passing.calls(), "after invalidation the check runs again");
    assertTrue(Fixtures.available(registry, "web"));
    assertFalse(Fixtures.available(registry, "db"));
    assertFalse(Fixtures.available(registry, "broken"));
  }
}
