package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DefinitionsTest {

  @Test
  void openAiShapeIsExact() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("read_file", "files").description("Reads a file.").build());

    assertEquals(
        "[{\"type\":\"function\",\"function\":{\"name\":\"read_file\",\"description\":\"Reads a file.\","
            + "\"parameters\":"
            + Fixtures.SCHEMA
            + "}}]",
        registry.definitions(List.of("read_file"), DefinitionFormat.OPENAI));
  }

  @Test
  void schemaTextIsSplicedAsRegistered() {
    String spaced = "{ \"type\" : \"object\",\n  \"properties\" : { } }";
    ToolRegistry registry = ToolRegistry.create();
    registry.register(Fixtures.tool("t", "s").schema(spaced).description("").build());

    assertEquals(
        "[{\"type\":\"function\",\"function\":{\"name\":\"t\",\"description\":\"\",\"parameters\":"
            + spaced
            + "}}]",
        registry.definitions(List.of("t")));
  }

  @Test
  void sortedByNameWithUnknownAndRepeatedNamesSkipped() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("zeta", "s"));
    registry.register(entry("alpha", "s"));
    registry.register(entry("mid", "other"));

    String json = registry.definitions(Arrays.asList("zeta", "nope", "alpha", null, "mid", "zeta"));

    assertEquals(List.of("alpha", "mid", "zeta"), names(json));
  }

  @Test
  void emptyWhenNothingMatches() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("a", "s"));
    assertEquals("[]", registry.definitions(Set.of("b")));
  }

  @Test
  void eachToolsetCheckRunsOncePerCall() {
    ToolRegistry registry = ToolRegistry.builder().checkPolicy(CheckPolicy.uncached()).build();
    CountingCheck web = new CountingCheck(true);
    CountingCheck files = new CountingCheck(true);
    registry.register(entry("fetch", "web", web));
    registry.register(entry("search", "web", web));
    registry.register(entry("crawl", "web"));
    registry.register(entry("read", "files", files));
    registry.register(entry("list", "files", files));
    List<String> all = List.of("fetch", "search", "crawl", "read", "list");

    assertEquals(
        List.of("crawl", "fetch", "list", "read", "search"), names(registry.definitions(all)));
    assertEquals(1, web.calls());
    assertEquals(1, files.calls());

    registry.definitions(all);
    assertEquals(2, web.calls(), "checks run again on the next call: the policy caches nothing");
  }

  @Test
  void toolsOfAnUnavailableToolsetAreLeftOut() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("fetch", "web", new CountingCheck(false)));
    registry.register(entry("read", "files"));

    assertEquals(List.of("read"), names(registry.definitions(List.of("fetch", "read"))));
  }

  @Test
  void throwingCheckCountsAsUnavailableAndIsLogged() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        entry(
            "fetch",
            "web",
            () -> {
              throw new IllegalStateException("no network");
            }));
    registry.register(entry("read", "files"));

    try (LogCapture log = LogCapture.of(ToolRegistry.class)) {
      assertEquals(List.of("read"), names(registry.definitions(List.of("fetch", "read"))));
      assertEquals(1, log.warnings().size());
      assertTrue(log.warnings().get(0).contains("no network"), log.warnings().toString());
    }
  }

  @Test
  void nonAsciiDescriptionIsWrittenAsIs() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        Fixtures.tool("wetter", "s").description("Zeigt das Wetter ☀ für München").build());

    assertTrue(
        registry.definitions(List.of("wetter")).contains("\"Zeigt das Wetter ☀ für München\""));
  }

  /** The tool names of a definitions array, in order; parsed with databind, fine in a test. */
  static List<String> names(String definitionsJson) {
    try {
      com.fasterxml.jackson.databind.JsonNode array =
          new com.fasterxml.jackson.databind.ObjectMapper().readTree(definitionsJson);
      List<String> names = new java.util.ArrayList<>();
      for (com.fasterxml.jackson.databind.JsonNode definition : array) {
        assertEquals("function", definition.get("type").asText());
        names.add(definition.get("function").get("name").asText());
      }
      return names;
    } catch (java.io.IOException e) {
      throw new AssertionError("not JSON: " + definitionsJson, e);
    }
  }

  @Test
  void compactTokenCountsAreOnePerFormatInOrderAndNegativeOrMissingIsNoCount() {
    ToolEntry counted = Fixtures.tool("t", "s").definitionTokens(10, -1, 12).build();
    assertEquals(OptionalInt.of(10), counted.definitionTokens(DefinitionFormat.values()[0]));
    assertEquals(OptionalInt.empty(), counted.definitionTokens(DefinitionFormat.values()[1]));
    assertEquals(OptionalInt.of(12), counted.definitionTokens(DefinitionFormat.values()[2]));
    assertEquals(OptionalInt.empty(), counted.definitionTokens(DefinitionFormat.values()[3]));
    // the map form says the same by name
    ToolEntry named =
        Fixtures.tool("t", "s")
            .definitionTokens(
                Map.of(DefinitionFormat.values()[0], 10, DefinitionFormat.values()[2], 12))
            .build();
    for (DefinitionFormat format : DefinitionFormat.values()) {
      assertEquals(counted.definitionTokens(format), named.definitionTokens(format), format.name());
    }
  }
}
