package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ToolsetResolutionTest {

  private final ToolRegistry registry = ToolRegistry.create();

  @BeforeEach
  void tools() {
    registry.register(entry("read_file", "files"));
    registry.register(entry("list_dir", "files"));
    registry.register(entry("fetch", "web"));
    registry.register(entry("now", "time"));
    registry.register(entry("evaluate", "math"));
  }

  private List<String> resolve(List<String> enabled, List<String> disabled) {
    return registry.resolveToolsets(enabled, disabled);
  }

  @Test
  void aRegisteredToolsetHoldsItsTools() {
    assertEquals(
        List.of("list_dir", "read_file"), registry.resolveToolsets(List.of("files"), List.of()));
  }

  @Test
  void includesExpandTransitively() {
    registry.defineToolset(ToolsetDefinition.including("research", "Reading", "reading"));
    registry.defineToolset(
        new ToolsetDefinition("reading", "", List.of("now"), List.of("files", "web")));
    assertEquals(
        List.of("fetch", "list_dir", "now", "read_file"),
        registry.resolveToolsets(List.of("research"), List.of()));
  }

  @Test
  void aCycleEndsAndEachMemberGivesTheWholeCycle() {
    registry.defineToolset(ToolsetDefinition.including("a", "", "b"));
    registry.defineToolset(ToolsetDefinition.including("b", "", "c", "files"));
    registry.defineToolset(new ToolsetDefinition("c", "", List.of("now"), List.of("a")));
    List<String> all = List.of("list_dir", "now", "read_file");
    assertEquals(all, registry.resolveToolsets(List.of("a"), List.of()));
    assertEquals(all, registry.resolveToolsets(List.of("b"), List.of()));
    assertEquals(all, registry.resolveToolsets(List.of("c"), List.of()));
  }

  @Test
  void aToolsetThatIncludesItselfIsFine() {
    registry.defineToolset(ToolsetDefinition.including("files", "File tools", "files", "time"));
    assertEquals(
        List.of("list_dir", "now", "read_file"),
        registry.resolveToolsets(List.of("files"), List.of()));
  }

  @Test
  void aDiamondCountsItsSharedToolsetOnce() {
    registry.defineToolset(ToolsetDefinition.including("left", "", "files", "web"));
    registry.defineToolset(ToolsetDefinition.including("right", "", "files", "time"));
    registry.defineToolset(ToolsetDefinition.including("top", "", "left", "right"));
    assertEquals(
        List.of("fetch", "list_dir", "now", "read_file"),
        registry.resolveToolsets(List.of("top"), List.of()));
  }

  @Test
  void allAndStarMeanEveryTool() {
    List<String> every = List.of("evaluate", "fetch", "list_dir", "now", "read_file");
    assertEquals(every, registry.resolveToolsets(List.of("all"), List.of()));
    assertEquals(every, registry.resolveToolsets(List.of("*"), List.of()));
    registry.defineToolset(ToolsetDefinition.including("everything", "", "all"));
    assertEquals(every, registry.resolveToolsets(List.of("everything"), List.of()));
  }

  @Test
  void anUnknownNameGivesNothing() {
    assertEquals(List.of(), registry.resolveToolsets(List.of("nope"), List.of()));
    assertEquals(List.of("now"), resolve(List.of("nope", "time"), List.of()));
    registry.defineToolset(ToolsetDefinition.including("broken", "", "missing"));
    assertEquals(List.of(), registry.resolveToolsets(List.of("broken"), List.of()));
  }

  @Test
  void disabledIsAppliedAfterEnabled() {
    assertEquals(
        List.of("fetch", "list_dir", "now", "read_file"), resolve(List.of("all"), List.of("math")));
    registry.defineToolset(ToolsetDefinition.including("research", "", "files", "web"));
    // Disabling a composite takes its members away even when they were enabled by name.
    assertEquals(
        List.of("evaluate", "now"), resolve(List.of("files", "math", "time"), List.of("research")));
    assertEquals(List.of(), resolve(List.of("time"), List.of("all")));
  }

  @Test
  void definitionsMayNameToolsThatAreNotRegistered() {
    registry.defineToolset(
        new ToolsetDefinition("later", "", List.of("mcp__x__y", "now"), List.of()));
    assertEquals(List.of("now"), registry.resolveToolsets(List.of("later"), List.of()));
  }

  @Test
  void definitionsComeFromIndexesAndFromTheConfigWhichWins() {
    ToolsmithConfig config =
        ToolsmithConfig.parse(
            "toolsets:\n  definitions:\n    research: {description: From the config, includes: [web]}\n",
            "toolsmith.yaml",
            Path.of("."));
    ToolRegistry discovered = ToolRegistry.create();
    LogCapture quiet =
        LogCapture.of(
            "dev.toolsmith.runtime.discovery.ServiceProviders"); // the broken fixture indexes log
    try {
      Discovery.builder()
          .config(config)
          .classLoader(getClass().getClassLoader())
          .sources(List.of())
          .build()
          .into(discovered);
    } finally {
      quiet.close();
    }
    // AlphaIndex declares "research" as including "alpha"; the config's definition replaces it.
    assertEquals(
        Optional.of(
            new ToolsetDefinition("research", "From the config", List.of(), List.of("web"))),
        discovered.toolsetDefinition("research"));
    assertEquals(
        Optional.of(
            ToolsetDefinition.including("letters", "Both fixture indexes", "alpha", "zulu")),
        discovered.toolsetDefinition("letters"));
    assertEquals(
        List.of("alpha_only", "echo", "zulu_only"),
        discovered.resolveToolsets(List.of("letters"), List.of()));
  }
}
