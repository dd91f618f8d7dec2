package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RegistrationTest {

  @Test
  void sameNameInSameToolsetReplacesSilently() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("echo", "text"));
    ToolEntry second =
        Fixtures.tool("echo", "text")
            .handler((ToolHandler.Sync) (args, context) -> "second")
            .build();
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      assertEquals(Optional.empty(), registry.register(second));
      assertEquals(List.of(), log.warnings());
    }
    assertEquals("second", registry.dispatch("echo", "{}"));
    assertEquals(List.of("echo"), registry.toolNames());
  }

  @Test
  void nameFromAnotherToolsetIsRefusedLoggedAndReturnedByDefault() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("search", "files"));
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      assertEquals(
          Optional.of(
              new Collision(
                  "search", ToolOrigin.APPLICATION, "files", ToolOrigin.APPLICATION, "web", false)),
          registry.register(entry("search", "web")));
      assertEquals(1, log.warnings().size());
      assertTrue(log.warnings().get(0).contains("'search'"), log.warnings().toString());
      assertTrue(log.warnings().get(0).contains("'web'"), log.warnings().toString());
    }
    assertEquals("search@files", registry.dispatch("search", "{}"));
    assertEquals(Map.of("search", "files"), Fixtures.toolsets(registry));
  }

  @Test
  void nameFromAnotherToolsetWinsAndIsLoggedUnderReplace() {
    ToolRegistry registry = ToolRegistry.builder().collisionPolicy(CollisionPolicy.REPLACE).build();
    registry.register(entry("search", "files"));
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      assertTrue(registry.register(entry("search", "web")).orElseThrow().replaced());
      assertEquals(1, log.warnings().size());
      assertTrue(log.warnings().get(0).contains("REPLACE"), log.warnings().toString());
    }
    assertEquals("search@web", registry.dispatch("search", "{}"));
    assertEquals(List.of("web"), registry.toolsets());
  }

  @Test
  void eachToolIsListedByItsOwnCheckAndAToolsetIsAvailableWhenAnyToolIs() {
    ToolRegistry registry = ToolRegistry.create();
    CountingCheck failing = new CountingCheck(false);
    CountingCheck passing = new CountingCheck(true);
    registry.register(entry("a", "web", failing));
    registry.register(entry("b", "web", passing));
    registry.register(entry("c", "web"));
    registry.register(entry("d", "db", failing));

    assertEquals(
        List.of("b", "c"),
        DefinitionsTest.names(registry.definitions(List.of("a", "b", "c", "d"))));
    assertEquals(1, failing.calls(), "one check shared by two tools of two toolsets runs once");
    assertEquals(1, passing.calls());
    AvailabilityReport report = registry.availability();
    assertTrue(
        report.toolset("web").orElseThrow().available(), "a toolset with one available tool");
    assertFalse(report.toolset("db").orElseThrow().available());
    assertEquals(Availability.CHECK_FAILED, report.tool("a").orElseThrow().reason());
    assertEquals(Availability.NO_CHECK, report.tool("c").orElseThrow().reason());
    assertEquals(
        1, failing.calls(), "the next listing within the TTL reuses the result of that check");
  }

  @Test
  void aToolWithoutACheckIsListedWhateverTheOtherToolsChecksSay() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("a", "web", new CountingCheck(false)));
    registry.register(entry("b", "web"));

    assertEquals(List.of("b"), DefinitionsTest.names(registry.definitions(List.of("a", "b"))));
    assertEquals(List.of("b"), registry.availability().availableTools());
  }

  @Test
  void aCheckIsForgottenWithTheLastToolThatHoldsIt() {
    ToolRegistry registry = ToolRegistry.create();
    CountingCheck failing = new CountingCheck(false);
    registry.register(entry("a", "web", failing));
    registry.register(entry("b", "web"));

    assertTrue(registry.deregister("a"));
    assertTrue(Fixtures.available(registry, "web"), "b has no check");
    assertTrue(registry.deregister("b"));
    assertEquals(java.util.Map.of(), registry.availability().toolsets());

    registry.register(entry("c", "web"));
    assertTrue(Fixtures.available(registry, "web"));
    assertEquals(0, failing.calls(), "the check never ran: no listing held a tool that has it");
  }

  @Test
  void replacingAcrossToolsetsDropsTheEmptiedToolsetsCheck() {
    ToolRegistry registry = ToolRegistry.builder().collisionPolicy(CollisionPolicy.REPLACE).build();
    CountingCheck failing = new CountingCheck(false);
    registry.register(entry("search", "files", failing));
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      registry.register(entry("search", "web"));
      assertEquals(1, log.warnings().size());
    }
    registry.register(entry("grep", "files"));

    assertTrue(Fixtures.available(registry, "files"));
    assertEquals(0, failing.calls());
  }

  @Test
  void deregisterOfAnUnknownNameReturnsFalse() {
    ToolRegistry registry = ToolRegistry.create();
    assertFalse(registry.deregister("nope"));
  }

  @Test
  void registerAllRejectsANullElementBeforeRegisteringAnything() {
    ToolRegistry registry = ToolRegistry.create();
    assertThrows(
        NullPointerException.class,
        () -> registry.registerAll(Arrays.asList(entry("a", "x"), null)));
    assertEquals(List.of(), registry.toolNames());
  }

  @Test
  void registerAllAppliesTheCollisionPolicyPerEntryAndReturnsTheRefusals() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("a", "x"));
    List<Collision> collisions;
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      collisions = registry.registerAll(List.of(entry("a", "y"), entry("b", "y")));
      assertEquals(1, log.warnings().size());
    }
    assertEquals(Map.of("a", "x", "b", "y"), Fixtures.toolsets(registry));
    assertEquals(
        List.of(
            new Collision("a", ToolOrigin.APPLICATION, "x", ToolOrigin.APPLICATION, "y", false)),
        collisions);
  }

  @Test
  void anExplicitOverrideReplacesAnotherToolsetsToolLoggedAtInfoAndReturnsTheCollision() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("search", "files"));
    Optional<Collision> collision;
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      collision = registry.register(entry("search", "web"), true);
      assertEquals(List.of(), log.warnings(), "an explicit override is no warning");
      assertEquals(
          List.of(
              "Tool override: 'search' of application replaced by application"
                  + " (override allowed; toolset 'files' to 'web')"),
          log.infos());
    }
    assertEquals(
        Optional.of(
            new Collision(
                "search", ToolOrigin.APPLICATION, "files", ToolOrigin.APPLICATION, "web", true)),
        collision);
    assertEquals("search@web", registry.dispatch("search", "{}"));
    assertEquals(List.of("web"), registry.toolsets(), "files lost its only tool");
  }

  @Test
  void anExplicitOverrideAlsoReplacesABuiltInToolOfAnotherToolset() {
    ToolRegistry registry = ToolRegistry.create();
    registry.registerAll(ToolOrigin.BUILT_IN, List.of(entry("now", "time")), false);

    Collision collision = registry.register(entry("now", "clock"), true).orElseThrow();

    assertTrue(collision.replaced());
    assertEquals(ToolOrigin.BUILT_IN, collision.existing());
    assertEquals("now@clock", registry.dispatch("now", "{}"));
    assertEquals(Optional.of(ToolOrigin.APPLICATION), registry.originOf("now"));
  }

  @Test
  void registerAllForAnOriginReturnsACollisionWithAnotherToolsetOfThatOriginToo() {
    ToolRegistry registry = ToolRegistry.create();
    ToolOrigin plugin = ToolOrigin.plugin("p");
    registry.registerAll(plugin, List.of(entry("a", "x")), false);

    List<Collision> refused = registry.registerAll(plugin, List.of(entry("a", "y")), false);
    List<Collision> replaced = registry.registerAll(plugin, List.of(entry("a", "y")), true);

    assertEquals(List.of(new Collision("a", plugin, "x", plugin, "y", false)), refused);
    assertEquals(List.of(new Collision("a", plugin, "x", plugin, "y", true)), replaced);
    assertEquals("a@y", registry.dispatch("a", "{}"));
  }

  @Test
  void anEntryMarkedCheckedWhereItWasWrittenIsNotParsedAgainWhoeverRegistersIt() {
    ToolRegistry registry = ToolRegistry.create();
    // Not one object: only a skipped check lets it in, so its presence shows the skip.
    registry.register(marked("a"));
    registry.registerAll(List.of(marked("b")));
    registry.registerAll(ToolOrigin.plugin("p"), List.of(marked("c")), false);
    assertEquals(List.of("a", "b", "c"), registry.toolNames());

    ToolEntry rewritten = marked("d").toBuilder().schema("[]").build();
    assertFalse(rewritten.schemaChecked(), "a schema set after the mark earns no trust");
    assertThrows(IllegalArgumentException.class, () -> registry.register(rewritten));
    ToolEntry kept = marked("e").toBuilder().description("other").build();
    assertTrue(kept.schemaChecked(), "a copy with the same schema keeps its mark");
  }

  private static ToolEntry marked(String name) {
    return Fixtures.tool(name, "s").schema("{} {}").schemaChecked().build();
  }

  @Test
  void malformedSchemaIsRejectedAtRegistrationNamingTheTool() {
    ToolRegistry registry = ToolRegistry.create();
    for (String schema : new String[] {"{\"type\":", "[]", "{} {}", "", "\"object\""}) {
      ToolEntry broken = Fixtures.tool("broken", "s").schema(schema).build();
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> registry.register(broken), schema);
      assertTrue(
          e.getMessage().startsWith("Tool 'broken': schema must be one JSON object"),
          e.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> registry.registerAll(List.of(entry("fine", "s"), broken)));
      assertThrows(
          IllegalArgumentException.class,
          () ->
              registry.registerAll(
                  ToolOrigin.plugin("p"), List.of(entry("fine", "s"), broken), false));
      ToolEntry precomputed =
          ToolEntry.builder(
                  broken.definition().toBuilder().strictSchema("").geminiSchema("").build(), "s")
              .handler(broken.handler())
              .build();
      assertThrows(
          IllegalArgumentException.class,
          () -> registry.register(precomputed),
          "precomputed dialects earn no trust: only generated indexes skip the check");
    }
    assertEquals(List.of(), registry.toolNames(), "registerAll wrote nothing");
  }

  @Test
  void anotherOriginIsRefusedEvenInTheSameToolsetAndItsNamesAreKnown() {
    ToolRegistry registry = ToolRegistry.create();
    ToolOrigin plugin = ToolOrigin.plugin("extras");
    assertEquals(
        List.of(),
        registry.registerAll(ToolOrigin.BUILT_IN, List.of(entry("echo", "text")), false));
    List<Collision> collisions;
    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      collisions =
          registry.registerAll(
              plugin, List.of(entry("echo", "text"), entry("shout", "text")), false);
      assertEquals(1, log.warnings().size(), "refused, and logged");
    }

    assertEquals(
        List.of(new Collision("echo", ToolOrigin.BUILT_IN, "text", plugin, "text", false)),
        collisions);
    assertEquals(List.of("shout"), registry.toolNamesFrom(plugin));
    assertEquals(List.of("echo"), registry.toolNamesFrom(ToolOrigin.BUILT_IN));
    assertEquals(java.util.Optional.of(ToolOrigin.BUILT_IN), registry.originOf("echo"));
    assertTrue(registry.deregister("echo"));
    assertEquals(java.util.Optional.empty(), registry.originOf("echo"));
    assertEquals(
        List.of(),
        registry.registerAll(plugin, List.of(entry("echo", "text")), false),
        "a free name is no collision");
  }
}
