package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.tool.ToolOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The generation number and the listeners told of each change. */
class ChangeEventsTest {

  @Test
  void theGenerationGrowsOnEverySuccessfulChangeAndNeverOnARefusedOne() {
    ToolRegistry registry = ToolRegistry.create();
    assertEquals(0, registry.generation());
    registry.register(entry("search", "files"));
    assertEquals(1, registry.generation());
    registry.register(entry("search", "files"));
    assertEquals(2, registry.generation(), "a re-registration replaces the entry: a change");

    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      registry.register(entry("search", "web"));
      registry.registerAll(ToolOrigin.plugin("p"), List.of(entry("search", "files")), false);
    }
    assertFalse(registry.deregister("nope"));
    assertEquals(2, registry.generation(), "refusals and no-ops change nothing");

    registry.defineToolset(ToolsetDefinition.alias("fs", "files"));
    assertEquals(3, registry.generation());
    registry.deregister("search");
    assertEquals(4, registry.generation());
  }

  @Test
  void aListenerHearsWhatChangedWithTheGenerationAfterIt() {
    ToolRegistry registry = ToolRegistry.create();
    List<RegistryChange> heard = new ArrayList<>();
    registry.addListener(heard::add);

    registry.registerAll(List.of(entry("b", "files"), entry("a", "files")));
    registry.defineToolset(ToolsetDefinition.alias("fs", "files"));
    registry.deregister("a");
    registry.deregister("b");

    assertEquals(
        List.of(
            new RegistryChange(1, List.of("a", "b"), List.of(), List.of(), false),
            new RegistryChange(2, List.of(), List.of(), List.of("fs"), false),
            new RegistryChange(3, List.of(), List.of("a"), List.of(), false),
            new RegistryChange(4, List.of(), List.of("b"), List.of("fs"), false)),
        heard);
    assertTrue(heard.get(0).toolsChanged());
    assertFalse(heard.get(1).toolsChanged());
  }

  @Test
  void invalidatingTheChecksIsAListChangeWithANewGeneration() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("now", "time"));
    List<RegistryChange> heard = new ArrayList<>();
    registry.addListener(heard::add);

    registry.invalidateChecks();

    assertEquals(List.of(new RegistryChange(2, List.of(), List.of(), List.of(), true)), heard);
    assertTrue(heard.get(0).listChanged());
    assertFalse(heard.get(0).toolsChanged());
    assertEquals(2, registry.generation());
    assertEquals(List.of("now"), registry.toolNames());
  }

  @Test
  void aRefusedRegistrationTellsNoListener() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("search", "files"));
    List<RegistryChange> heard = new ArrayList<>();
    registry.addListener(heard::add);

    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      registry.register(entry("search", "web"));
    }

    assertEquals(List.of(), heard);
  }

  @Test
  void aListenerSeesTheChangeAlreadyVisibleInTheRegistry() {
    ToolRegistry registry = ToolRegistry.create();
    List<String> seen = new ArrayList<>();
    registry.addListener(change -> seen.add(registry.generation() + ":" + registry.toolNames()));

    registry.register(entry("now", "time"));

    assertEquals(List.of("1:[now]"), seen);
  }

  @Test
  void aListenerThatThrowsIsLoggedAndBreaksNeitherTheWriteNorTheOtherListeners() {
    ToolRegistry registry = ToolRegistry.create();
    List<RegistryChange> heard = new ArrayList<>();
    registry.addListener(
        change -> {
          throw new IllegalStateException("listener bug");
        });
    registry.addListener(heard::add);

    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      assertEquals(java.util.Optional.empty(), registry.register(entry("now", "time")));
      assertEquals(1, log.warnings().size());
      assertTrue(log.warnings().get(0).endsWith("| listener bug"), log.warnings().toString());
    }
    assertEquals(1, heard.size());
    assertEquals("now@time", registry.dispatch("now", "{}"));
  }

  @Test
  void aChangeMadeByAListenerIsToldAfterTheOneBeingTold() {
    ToolRegistry registry = ToolRegistry.create();
    List<Long> first = new CopyOnWriteArrayList<>();
    List<Long> second = new CopyOnWriteArrayList<>();
    registry.addListener(
        change -> {
          first.add(change.generation());
          if (change.registered().contains("a")) {
            registry.register(entry("b", "x"));
          }
        });
    registry.addListener(change -> second.add(change.generation()));

    registry.register(entry("a", "x"));

    assertEquals(List.of(1L, 2L), first);
    assertEquals(List.of(1L, 2L), second, "every listener hears the changes in generation order");
  }

  @Test
  void aRemovedListenerHearsNothingMore() {
    ToolRegistry registry = ToolRegistry.create();
    List<RegistryChange> heard = new ArrayList<>();
    Consumer<RegistryChange> listener = heard::add;
    registry.addListener(listener);
    registry.register(entry("a", "x"));

    assertTrue(registry.removeListener(listener));
    assertFalse(registry.removeListener(listener));
    registry.register(entry("b", "x"));

    assertEquals(1, heard.size());
  }

  @Test
  void changesFromManyThreadsReachAListenerOnceEachInGenerationOrder() throws Exception {
    ToolRegistry registry = ToolRegistry.create();
    List<Long> generations = new CopyOnWriteArrayList<>();
    registry.addListener(change -> generations.add(change.generation()));
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int thread = t;
      threads.add(
          new Thread(
              () -> {
                for (int i = 0; i < 50; i++) {
                  registry.register(entry("tool_" + thread + "_" + i, "t" + thread));
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }

    List<Long> expected = new ArrayList<>();
    for (long g = 1; g <= 200; g++) {
      expected.add(g);
    }
    assertEquals(expected, generations);
    assertEquals(200, registry.generation());
  }
}
