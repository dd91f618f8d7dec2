package dev.toolsmith.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks compare like with like only if every contender runs the same tool on the same
 * arguments to the same result and lists the same tools: this checks both on the 50-tool sets.
 */
class ContendersAgreeTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final List<URLClassLoader> LOADERS = new ArrayList<>();
  private static ToolsmithContender toolsmith;
  private static ToolsmithContender toolsmithUnchecked;
  private static LangChain4jContender langchain4j;
  private static SpringAiContender springAi;
  private static LimitSetContender limitSet;
  private static SpringAiBridgeContender springAiBridge;
  private static LangChain4jBridgeContender langchain4jBridge;
  private static final LimitContender LIMIT = new LimitContender();

  @BeforeAll
  static void load() {
    toolsmith = ToolsmithContender.load(loader(ToolSets.TOOLSMITH));
    toolsmithUnchecked = ToolsmithContender.loadWithoutDispatchChecks(loader(ToolSets.TOOLSMITH));
    langchain4j = LangChain4jContender.load(loader(ToolSets.LANGCHAIN4J));
    springAi = SpringAiContender.load(loader(ToolSets.SPRINGAI));
    limitSet = LimitSetContender.load(loader(ToolSets.LIMIT));
    springAiBridge = SpringAiBridgeContender.load(loader(ToolSets.TOOLSMITH));
    langchain4jBridge = LangChain4jBridgeContender.load(loader(ToolSets.TOOLSMITH));
  }

  private static URLClassLoader loader(String contender) {
    URLClassLoader loader = ToolSets.loader(ToolSets.extract(contender, Calls.DISPATCH_SET));
    LOADERS.add(loader);
    return loader;
  }

  @AfterAll
  static void close() throws IOException {
    for (URLClassLoader loader : LOADERS) {
      loader.close();
    }
  }

  @Test
  void smallCallGivesTheSameTextEverywhere() throws IOException {
    String expected = "Found 10 fuzzy matches for 'quarterly report' in docs";
    assertEquals(expected, LIMIT.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    assertEquals(expected, toolsmith.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    assertEquals(expected, toolsmithUnchecked.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    assertEquals(expected, limitSet.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    assertEquals(expected, langchain4j.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    assertEquals(expected, springAiBridge.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    assertEquals(expected, langchain4jBridge.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS));
    // Spring AI writes every result as JSON, a String result as a JSON string.
    assertEquals(
        expected, MAPPER.readTree(springAi.dispatch(Calls.SMALL_TOOL, Calls.SMALL_ARGS)).asText());
  }

  @Test
  void nestedCallGivesTheSameJsonEverywhere() throws IOException {
    JsonNode expected =
        MAPPER.readTree(
            "{\"id\":\"design-review@Berlin/high\",\"attendees\":2,"
                + "\"tags\":[\"design\",\"q3\",\"архитектура\"]}");
    assertEquals(expected, MAPPER.readTree(LIMIT.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected, MAPPER.readTree(toolsmith.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected,
        MAPPER.readTree(toolsmithUnchecked.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected, MAPPER.readTree(limitSet.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected, MAPPER.readTree(langchain4j.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected, MAPPER.readTree(springAi.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected, MAPPER.readTree(springAiBridge.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
    assertEquals(
        expected,
        MAPPER.readTree(langchain4jBridge.dispatch(Calls.NESTED_TOOL, Calls.NESTED_ARGS)));
  }

  @Test
  void everyContenderListsTheSameToolsInOrder() throws IOException {
    List<String> expected = names(toolsmith.definitions());
    assertEquals(Calls.DISPATCH_SET, expected.size());
    assertEquals(expected, names(langchain4j.definitions()));
    assertEquals(expected, names(springAi.definitions()));
    assertEquals(expected, names(springAiBridge.definitions()));
    assertEquals(expected, names(langchain4jBridge.definitions()));
    assertEquals(expected, names(LimitListing.of(toolsmith).definitions()));
    assertEquals(expected, names(limitSet.definitions()));
  }

  @Test
  void theHandWrittenSetListsWhatToolsmithGenerates() throws IOException {
    assertEquals(MAPPER.readTree(toolsmith.definitions()), MAPPER.readTree(limitSet.definitions()));
  }

  @Test
  void theHandWrittenSetCallsEveryShapeLikeToolsmith() throws IOException {
    String[][] calls = {
      {"convert_docs_2", "{\"amount\":12.5,\"from\":\"EUR\",\"to\":\"GBP\",\"precision\":2}"},
      {"summarize_docs_3", "{\"values\":[1.5,2.5,4],\"stat\":\"MEAN\",\"label\":\"load\"}"},
      {
        "list_docs_4",
        "{\"owner\":\"ada\",\"status\":\"OPEN\",\"offset\":5,\"pageSize\":2,"
            + "\"fields\":[\"id\",\"title\"]}"
      },
    };
    for (String[] call : calls) {
      assertEquals(
          MAPPER.readTree(toolsmith.dispatch(call[0], call[1])),
          MAPPER.readTree(limitSet.dispatch(call[0], call[1])),
          call[0]);
    }
  }

  @Test
  void theSpringAiBridgeListsToolsmithsSchemasAsTheyAre() throws IOException {
    assertEquals(
        MAPPER.readTree(toolsmith.definitions()), MAPPER.readTree(springAiBridge.definitions()));
  }

  @Test
  void everyContenderDescribesTheNestedToolWithTheSameProperties() throws IOException {
    List<String> expected = List.of("attendees", "location", "priority", "tags", "title");
    assertEquals(expected, properties(toolsmith.definitions(), Calls.NESTED_TOOL));
    assertEquals(expected, properties(langchain4j.definitions(), Calls.NESTED_TOOL));
    assertEquals(expected, properties(springAi.definitions(), Calls.NESTED_TOOL));
    assertEquals(expected, properties(springAiBridge.definitions(), Calls.NESTED_TOOL));
    assertEquals(expected, properties(langchain4jBridge.definitions(), Calls.NESTED_TOOL));
  }

  private static List<String> names(String definitions) throws IOException {
    List<String> names = new ArrayList<>();
    for (JsonNode tool : MAPPER.readTree(definitions)) {
      names.add(tool.path("function").path("name").asText());
    }
    return names;
  }

  private static List<String> properties(String definitions, String tool) throws IOException {
    for (JsonNode node : MAPPER.readTree(definitions)) {
      if (node.path("function").path("name").asText().equals(tool)) {
        List<String> names = new ArrayList<>();
        node.path("function")
            .path("parameters")
            .path("properties")
            .fieldNames()
            .forEachRemaining(names::add);
        names.sort(null);
        return names;
      }
    }
    throw new AssertionError("no definition of " + tool);
  }
}
