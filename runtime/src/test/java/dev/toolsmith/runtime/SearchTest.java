package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class SearchTest {

  private static List<String> names(List<SearchHit> hits) {
    return hits.stream().map(SearchHit::name).toList();
  }

  @Test
  void searchFollowsRegisterAndDeregister() {
    ToolRegistry registry = ToolRegistry.create();
    assertTrue(registry.search("weather", 5).isEmpty());
    registry.register(
        tool("get_weather", "weather").description("Current weather for a city.").build());
    registry.register(tool("send_email", "mail").description("Send an email message.").build());
    assertEquals(List.of("get_weather"), names(registry.search("what's the weather", 5)));
    registry.register(
        tool("forecast", "weather").description("Weather forecast for days.").build());
    assertEquals(List.of("forecast", "get_weather"), names(registry.search("weather forecast", 5)));
    registry.deregister("forecast");
    assertEquals(List.of("get_weather"), names(registry.search("weather forecast", 5)));
  }

  @Test
  void searchMatchesParametersAndToolsetDescriptions() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        tool("lookup", "geo")
            .schema(
                "{\"type\":\"object\",\"properties\":{\"postcode\":{\"type\":\"string\","
                    + "\"description\":\"A postal code\"}}}")
            .description("Looks up a place.")
            .build());
    registry.register(tool("other", "misc").build());
    registry.defineToolset(
        new ToolsetDefinition("misc", "Astronomy helpers", List.of(), List.of()));
    assertEquals(List.of("lookup"), names(registry.search("postcode", 5)));
    assertEquals(List.of("other"), names(registry.search("astronomy", 5)));
  }

  @Test
  void searchOffersOnlySelectedAndAvailableTools() {
    AtomicBoolean up = new AtomicBoolean(true);
    ToolRegistry registry = ToolRegistry.builder().checkPolicy(CheckPolicy.uncached()).build();
    registry.register(
        tool("read_file", "files").description("Read a file.").check(up::get).build());
    registry.register(tool("read_page", "web").description("Read a web page.").build());
    assertEquals(List.of("read_file", "read_page"), names(registry.search("read", 5)));
    assertEquals(List.of("read_page"), names(registry.search("read", 5, List.of("web"))));
    up.set(false);
    registry.invalidateChecks();
    assertEquals(List.of("read_page"), names(registry.search("read", 5)));
    up.set(true);
    registry.invalidateChecks();
    assertEquals(List.of("read_file", "read_page"), names(registry.search("read", 5)));
    assertTrue(registry.search("read", 5, List.of("nope")).isEmpty());
    assertTrue(registry.search(null, 5).isEmpty());
  }

  /**
   * The lexical ranker, counting the documents each build is handed that the build before it was
   * not (by instance): what the ranker has to analyse anew.
   */
  private static final class CountingRanker implements ToolRankerFactory {
    private final LexicalRankerFactory lexical = new LexicalRankerFactory();
    private Set<SearchDocument> handed = Collections.newSetFromMap(new IdentityHashMap<>());
    final List<Integer> newDocuments = new ArrayList<>();

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public ToolRanker build(List<SearchDocument> documents) {
      count(documents);
      return lexical.build(documents);
    }

    @Override
    public ToolRanker rebuild(ToolRanker previous, List<SearchDocument> documents) {
      count(documents);
      return lexical.rebuild(previous, documents);
    }

    private void count(List<SearchDocument> documents) {
      Set<SearchDocument> now = Collections.newSetFromMap(new IdentityHashMap<>());
      now.addAll(documents);
      newDocuments.add((int) documents.stream().filter(d -> !handed.contains(d)).count());
      handed = now;
    }
  }

  @Test
  void aChangeRemakesTheDocumentsOfTheToolsItTouchedOnly() {
    CountingRanker counting = new CountingRanker();
    ToolRegistry registry =
        ToolRegistry.builder().ranker(counting).checkPolicy(CheckPolicy.uncached()).build();
    for (int i = 0; i < 100; i++) {
      registry.register(
          tool("tool_" + i, i < 10 ? "ten" : "rest").description("Does thing " + i + ".").build());
    }
    assertEquals(List.of("tool_7"), names(registry.search("thing 7", 1)));
    registry.register(tool("zip_files", "rest").description("Packs files into a zip.").build());
    assertEquals(List.of("zip_files"), names(registry.search("zip", 1)));
    registry.deregister("tool_99");
    assertEquals(List.of(), names(registry.search("99", 5)));
    registry.invalidateChecks(); // availability only: the same index
    assertEquals(List.of("tool_7"), names(registry.search("thing 7", 1)));
    registry.defineToolset(new ToolsetDefinition("ten", "Astronomy helpers", List.of(), List.of()));
    assertEquals(10, registry.search("astronomy", 20).size());
    assertEquals(List.of(100, 1, 0, 10), counting.newDocuments);
  }
}
