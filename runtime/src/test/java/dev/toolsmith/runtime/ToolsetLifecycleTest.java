package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import dev.toolsmith.runtime.availability.Availability;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Toolset definitions, aliases and toolset checks as tools come and go. */
class ToolsetLifecycleTest {

  @Test
  void redefiningAnAliasThatPointedElsewhereWarnsNamingBothAndReturnsTheOldOne() {
    ToolRegistry registry = ToolRegistry.create();
    registry.defineToolset(ToolsetDefinition.alias("fs", "files"));
    Optional<ToolsetDefinition> previous;
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      previous = registry.defineToolset(ToolsetDefinition.alias("fs", "storage"));
      assertEquals(
          List.of(
              "Toolset 'fs' redefined: it pointed at includes [files], tools [],"
                  + " now at includes [storage], tools []"),
          log.warnings());
    }
    assertEquals(Optional.of(ToolsetDefinition.alias("fs", "files")), previous);
  }

  @Test
  void redefiningWithTheSameTargetsIsNoWarningAndNoChange() {
    ToolRegistry registry = ToolRegistry.create();
    registry.defineToolset(ToolsetDefinition.including("research", "Reading", "files", "web"));
    long generation = registry.generation();
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      registry.defineToolset(ToolsetDefinition.including("research", "Reading", "files", "web"));
      registry.defineToolset(ToolsetDefinition.including("research", "Reads", "files", "web"));
      assertEquals(List.of(), log.warnings(), "a new description points nowhere else");
    }
    assertEquals(generation + 1, registry.generation(), "only the new description is a change");
  }

  @Test
  void removingTheLastToolOfAToolsetDropsTheAliasesThatOnlyPointedAtIt() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("read_file", "files"));
    registry.register(entry("list_dir", "files"));
    registry.register(entry("fetch", "web"));
    registry.defineToolset(ToolsetDefinition.alias("fs", "files"));
    registry.defineToolset(ToolsetDefinition.including("research", "", "files", "web"));
    registry.defineToolset(
        new ToolsetDefinition("notes", "", List.of("read_file"), List.of("files")));

    registry.deregister("read_file");
    assertTrue(registry.toolsetDefinition("fs").isPresent(), "files still has a tool");
    registry.deregister("list_dir");

    assertEquals(Optional.empty(), registry.toolsetDefinition("fs"));
    assertTrue(registry.toolsetDefinition("research").isPresent(), "it points at web too");
    assertTrue(registry.toolsetDefinition("notes").isPresent(), "it lists a tool of its own");
    assertEquals(List.of("fetch"), registry.resolveToolsets(List.of("research"), List.of()));
  }

  @Test
  void anAliasOfAToolsetWithoutToolsYetStaysUntilThatToolsetHadToolsAndLostThem() {
    ToolRegistry registry = ToolRegistry.create();
    registry.defineToolset(ToolsetDefinition.alias("docs", "mcp-docs"));
    registry.register(entry("unrelated", "misc"));
    registry.deregister("unrelated");
    assertTrue(registry.toolsetDefinition("docs").isPresent());

    registry.register(entry("search_docs", "mcp-docs"));
    assertEquals(List.of("search_docs"), registry.resolveToolsets(List.of("docs"), List.of()));
    registry.deregister("search_docs");
    assertEquals(Optional.empty(), registry.toolsetDefinition("docs"));
  }

  @Test
  void aToolsetEmptiedByAnOverrideLosesItsAliasesToo() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("search", "files"));
    registry.defineToolset(ToolsetDefinition.alias("fs", "files"));

    registry.register(entry("search", "web"), true);

    assertEquals(Optional.empty(), registry.toolsetDefinition("fs"));
  }

  @Test
  void aToolsetsReasonComesFromItsFirstRegisteredCheck() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        entry(
            "zeta",
            "web",
            () -> {
              throw new IllegalStateException("no network");
            }));
    registry.register(entry("alpha", "web", new CountingCheck(false)));

    Availability web;
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      web = registry.availability().toolset("web").orElseThrow();
    }
    assertFalse(web.available());
    assertEquals(
        "check threw IllegalStateException: no network",
        web.reason(),
        "the toolset's check is zeta's, registered first, not alpha's, first by name");
  }

  @Test
  void anAvailableToolsetWhoseOwnCheckFailsGivesTheReasonOfAToolThatIsAvailable() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("fetch", "web", new CountingCheck(false)));
    registry.register(entry("cached", "web"));

    Availability web = registry.availability().toolset("web").orElseThrow();

    assertTrue(web.available());
    assertEquals(Availability.NO_CHECK, web.reason());
  }

  @Test
  void theToolsetsCheckIsTheFirstRegisteredWhileTheToolsetHasToolsAndGoesWithTheLast() {
    ToolRegistry registry = ToolRegistry.create();
    BooleanSupplier throwing =
        () -> {
          throw new IllegalStateException("down");
        };
    CountingCheck failing = new CountingCheck(false);
    registry.register(entry("a", "web", throwing));
    registry.register(entry("b", "web", failing));
    registry.deregister("a");
    registry.register(entry("c", "web", throwing));
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      assertEquals(
          "check threw IllegalStateException: down",
          registry.availability().toolset("web").orElseThrow().reason(),
          "a's check stayed web's own after a went, though b's was registered before c's");

      registry.deregister("b");
      registry.deregister("c");
      registry.register(entry("d", "web", failing));
      registry.register(entry("e", "web", throwing));
      assertEquals(
          Availability.CHECK_FAILED,
          registry.availability().toolset("web").orElseThrow().reason(),
          "web's check went with its last tool; d's is the new one");
    }
  }

  @Test
  void theToolsetsCheckNeverRunsForAToolThatIsGone() {
    ToolRegistry registry = ToolRegistry.create();
    CountingCheck first = new CountingCheck(false);
    registry.register(entry("a", "web", first));
    registry.register(entry("b", "web", new CountingCheck(true)));
    registry.deregister("a");

    assertEquals(
        Availability.CHECK_PASSED, registry.availability().toolset("web").orElseThrow().reason());
    assertEquals(0, first.calls());
  }
}
