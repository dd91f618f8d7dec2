package dev.toolsmith.runtime.deferral;

import static dev.toolsmith.runtime.Fixtures.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one {@code search_tools} tool: its definition, its arguments, its limit and its search. */
class SearchToolTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void theDefinitionAsksForAQueryAndALimitUpToTheOneMaximum() throws Exception {
    ToolDefinition definition = SearchTool.definition();
    assertEquals("search_tools", definition.name());
    JsonNode schema = MAPPER.readTree(definition.schema());
    assertEquals("[\"query\"]", schema.get("required").toString());
    assertEquals(SearchTool.MAX_LIMIT, schema.at("/properties/limit/maximum").asInt());
    assertEquals("find_tools", SearchTool.definition("find_tools").name());
    // written by each format's own form, as any tool is
    JsonNode openAi = MAPPER.readTree(DefinitionFormat.OPENAI.searchTool(definition, false, false));
    assertEquals("search_tools", openAi.at("/function/name").asText());
    assertEquals(schema, openAi.at("/function/parameters"));
  }

  @Test
  void argumentsFromJsonTextAndFromAParsedMapReadTheSame() {
    String[][] cases = {
      {"{\"query\":\"read a file\"}", "read a file", "5"},
      {"{\"query\":\"read\",\"limit\":3}", "read", "3"},
      {"{\"query\":\"read\",\"limit\":0}", "read", "1"},
      {"{\"query\":\"read\",\"limit\":99999999999999999999999}", "read", "20"},
      {"{\"query\":\"read\",\"limit\":\"7\"}", "read", "5"},
    };
    for (String[] c : cases) {
      SearchTool.Arguments fromText = SearchTool.Arguments.read(c[0], 5);
      assertEquals(c[1], fromText.query(), c[0]);
      assertEquals(Integer.parseInt(c[2]), fromText.limit(), c[0]);
      assertNull(fromText.problem());
    }
    Map<String, Object> parsed = new HashMap<>();
    parsed.put("query", "read");
    parsed.put("limit", new BigInteger("99999999999999999999999"));
    assertEquals(new SearchTool.Arguments("read", 20, null), SearchTool.Arguments.read(parsed, 5));
    parsed.put("limit", 3L);
    assertEquals(new SearchTool.Arguments("read", 3, null), SearchTool.Arguments.read(parsed, 5));
    parsed.put("limit", 2.5);
    assertEquals(new SearchTool.Arguments("read", 5, null), SearchTool.Arguments.read(parsed, 5));
  }

  @Test
  void unusableArgumentsSayWhatIsWantedAndNeverThrow() {
    for (String bad : new String[] {null, "", "[]", "{\"query\":1}", "{\"query\":\" \"}", "{\"q"}) {
      SearchTool.Arguments arguments = SearchTool.Arguments.read(bad, 5);
      assertNull(arguments.query(), bad);
      assertTrue(arguments.problem().startsWith("the search "), arguments.problem());
    }
    assertNull(SearchTool.Arguments.read((Map<String, ?>) null, 5).query());
    assertNull(SearchTool.Arguments.read(Map.of("query", 7), 5).query());
    assertThrows(IllegalArgumentException.class, () -> SearchTool.checkLimit(0));
    assertThrows(IllegalArgumentException.class, () -> SearchTool.checkLimit(21));
    assertEquals(20, SearchTool.checkLimit(20));
  }

  @Test
  void findRanksAmongWhatTheSurfaceMayOfferBestFirst() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(tool("read_file", "files").description("Reads a text file.").build());
    registry.register(tool("read_url", "web").description("Reads a web page.").build());
    registry.register(tool("write_file", "files").description("Writes a text file.").build());

    List<String> all = SearchTool.find(registry, "read file", 5, List.of("all"));
    assertEquals("read_file", all.get(0));
    assertEquals(List.of("read_file"), SearchTool.find(registry, "read file", 1, List.of("all")));
    assertEquals(
        List.of("write_file"),
        SearchTool.find(
            registry, "read file", 5, List.of("files"), Set.of("write_file")::contains));
    assertEquals(List.of(), SearchTool.find(registry, "read", 5, List.of("web"), name -> false));
  }
}
