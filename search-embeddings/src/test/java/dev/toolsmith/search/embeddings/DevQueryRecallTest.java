package dev.toolsmith.search.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.SearchParameter;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.ToolRankers;
import dev.toolsmith.runtime.support.PrecomputedTerms;
import dev.toolsmith.schema.search.SearchTerms;
import dev.toolsmith.schema.search.ToolTerms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rankers on the shared catalog (676 real MCP tools) and its 67 development queries, where the
 * shared data is present (skipped elsewhere): the figures benchmarks/results/HISTORY.md gives do
 * not slip back, and terms written ahead (as the processor writes them) rank as the text does.
 */
class DevQueryRecallTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<SearchDocument> tools;
  private static List<JsonNode> queries;
  private static @Nullable Map<TextEmbedder, List<float[]>> vectors;

  @BeforeAll
  static void read() throws IOException {
    tools = new ArrayList<>();
    for (String line : Files.readAllLines(shared("catalog/tools.jsonl"))) {
      JsonNode tool = JSON.readTree(line);
      JsonNode schema = tool.path("inputSchema");
      tools.add(
          new SearchDocument(
              tool.path("id").asText(),
              tool.path("description").asText(""),
              tool.path("toolset").asText(""),
              tool.path("toolsetDescription").asText(""),
              schema.isObject() ? SearchParameter.fromSchema(schema.toString()) : List.of(),
              List.of()));
    }
    queries = new ArrayList<>();
    for (String line : Files.readAllLines(shared("queries/dev.jsonl"))) {
      queries.add(JSON.readTree(line));
    }
  }

  @Test
  void lexicalFindsALabelInTheFirstFiveForTwoThirdsOfTheQueries() {
    ToolRanker lexical = ToolRankers.named("lexical").orElseThrow().build(tools);
    // 0.657 (K1 2.0, toolset names weighted 4); 0.612 with K1 1.2 and toolset names weighted 1
    assertThat(recall(lexical, 5)).isGreaterThanOrEqualTo(0.65);
    assertThat(recall(lexical, 1)).isGreaterThanOrEqualTo(0.47);
  }

  @Test
  void hybridFindsALabelFirstForMoreThanHalfOfTheQueries() {
    ToolRanker hybrid =
        new HybridRankerFactory(ToolRankers.named("lexical").orElseThrow()).build(tools, vectors());
    // 0.627 / 0.851 (MiniLM and BGE on whole texts and summaries, and lexical, RRF k 1);
    // 0.567 / 0.806 with MiniLM on whole texts alone, k 2. The floors are one query below, so a
    // last-digit difference of another CPU's ONNX Runtime that swaps a close pair does not fail
    assertThat(recall(hybrid, 1)).isGreaterThanOrEqualTo(0.61);
    assertThat(recall(hybrid, 5)).isGreaterThanOrEqualTo(0.835);
  }

  @Test
  void semanticFindsALabelInTheFirstFiveForMoreThanFourFifthsOfTheQueries() {
    ToolRanker semantic =
        new SemanticRankerFactory()
            .build(tools.stream().map(SearchDocument::name).toList(), vectors());
    // 0.836 (MiniLM and BGE on whole texts and summaries, fused); 0.761 with MiniLM on whole texts
    assertThat(recall(semantic, 5)).isGreaterThanOrEqualTo(0.82);
  }

  @Test
  void termsWrittenAheadRankTheCatalogExactlyAsItsText() {
    List<SearchDocument> written = new ArrayList<>();
    for (SearchDocument d : tools) {
      ToolTerms terms =
          ToolTerms.analyse(
              d.name(),
              d.description(),
              d.parameters().stream().map(SearchParameter::name).toList(),
              d.parameters().stream().map(SearchParameter::description).toList(),
              d.toolset(),
              d.keywords());
      written.add(
          new SearchDocument(
              d.name(),
              d.description(),
              d.toolset(),
              d.toolsetDescription(),
              d.parameters(),
              d.keywords(),
              new PrecomputedTerms(SearchTerms.VERSION, terms.write())));
    }
    ToolRankerFactory lexical = ToolRankers.named("lexical").orElseThrow();
    ToolRanker fromText = lexical.build(tools);
    ToolRanker fromTerms = lexical.build(written);
    for (JsonNode query : queries) {
      String text = query.path("query").asText();
      assertThat(fromTerms.search(text, 10, name -> true))
          .as(text)
          .isEqualTo(fromText.search(text, 10, name -> true));
    }
  }

  /** The catalog embedded once by the default models, for both tests that need it. */
  private static synchronized Map<TextEmbedder, List<float[]>> vectors() {
    if (vectors == null) {
      vectors = new SemanticRankerFactory().vectors(tools);
    }
    return vectors;
  }

  /** The share of queries with a label among the first {@code k} tools. */
  private static double recall(ToolRanker ranker, int k) {
    int found = 0;
    for (JsonNode query : queries) {
      Set<String> labels = new HashSet<>();
      query.path("labels").forEach(label -> labels.add(label.asText()));
      List<SearchHit> hits = ranker.search(query.path("query").asText(), k, name -> true);
      found += hits.stream().anyMatch(hit -> labels.contains(hit.name())) ? 1 : 0;
    }
    return (double) found / queries.size();
  }

  /** A file of the shared tool search data, found upward from the working directory. */
  private static Path shared(String path) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared/toolsearch").resolve(path);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    assumeTrue(false, "no shared/toolsearch/" + path + " above the working directory");
    throw new AssertionError();
  }
}
