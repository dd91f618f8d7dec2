package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
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
  void tokensAreCountedAtRunTimeOnTheTextAListingWritesAsO200kBase() {
    Encoding o200k = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("a", "s"));
    registry.register(Fixtures.tool("b", "s").description("Another tool, ünïcode ⚡.").build());
    for (DefinitionFormat format : DefinitionFormat.values()) {
      long sum = 0;
      for (String name : List.of("a", "b")) {
        ToolEntry tool = registry.entry(name).orElseThrow();
        String listed = registry.definitions(List.of(name), format);
        int expected = o200k.countTokens(listed.substring(1, listed.length() - 1));
        assertEquals(OptionalInt.of(expected), tool.definitionTokens(format), format.name());
        sum += expected;
      }
      ListingCost cost = registry.listingCost(List.of("b", "a", "nope"), format);
      assertEquals(2, cost.tools());
      assertEquals(sum, cost.tokens(), format.name());
      assertEquals(registry.definitions(List.of("a", "b"), format).length(), cost.chars());
      assertTrue(cost.exact(), "jtokkit is on the class path");
    }
  }

  @Test
  void withoutATokenizerACountIsATokenPerFourCharactersRoundedUp() {
    assertEquals(1, DefinitionTokens.estimate("abcd"));
    assertEquals(2, DefinitionTokens.estimate("abcde"));
    assertEquals(0, DefinitionTokens.estimate(""));
  }

  @Test
  void overriddenDefinitionsAreCountedOnWhatIsListed() {
    Encoding o200k = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        Fixtures.tool("a", "s")
            .schemaOverrides(() -> Map.of("description", "Now longer."))
            .build());
    String listed = registry.definitions(List.of("a"));
    assertTrue(listed.contains("Now longer."), listed);
    assertEquals(
        o200k.countTokens(listed.substring(1, listed.length() - 1)),
        registry.listingCost(List.of("a"), DefinitionFormat.OPENAI).tokens());
  }
}
