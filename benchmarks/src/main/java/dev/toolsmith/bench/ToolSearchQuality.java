package dev.toolsmith.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.langchain4j.service.tool.search.ToolSearchStrategy;
import dev.langchain4j.service.tool.search.simple.SimpleToolSearchStrategy;
import dev.langchain4j.service.tool.search.vector.VectorToolSearchStrategy;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.ToolRankers;
import dev.toolsmith.search.embeddings.HybridRankerFactory;
import dev.toolsmith.search.embeddings.SemanticRankerFactory;
import dev.toolsmith.search.embeddings.TextEmbedder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every {@link ToolRankerFactory} on the class path beside LangChain4j's two tool search
 * strategies, scored by {@link SearchQuality} on the same catalog and queries; then the tokens a
 * request spends on tools: the whole catalog against a search tool plus the five tools found.
 *
 * <p>Run: {@code java -cp ... dev.toolsmith.bench.ToolSearchQuality [CATALOG.jsonl
 * [QUERIES.jsonl]]} (by default the nearest {@code shared/toolsearch} upward).
 */
public final class ToolSearchQuality {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int DEPTH = 10;
  private static final int FOUND = 5;

  /**
   * Fusion constants tried, the hybrid ranker's own ({@link HybridRankerFactory#RRF_K}) among them.
   */
  private static final int[] RRF_SWEEP = {1, 2, 3, 5, 60};

  private static final Pattern NOT_A_WORD = Pattern.compile("[^\\p{L}\\p{N}_-]+");

  /** The one tool a model holds instead of the catalog, in OpenAI's function format. */
  static final String SEARCH_TOOL =
      "{\"type\":\"function\",\"function\":{\"name\":\"search_tools\",\"description\":\"Find"
          + " tools by what you need to do\",\"parameters\":{\"type\":\"object\",\"properties\":"
          + "{\"query\":{\"type\":\"string\"}},\"required\":[\"query\"]}}}";

  private ToolSearchQuality() {}

  public static void main(String[] args) {
    Path catalogFile =
        SearchCatalog.locate(args.length > 0 ? args[0] : "shared/toolsearch/catalog/tools.jsonl");
    Path queriesFile =
        SearchCatalog.locate(args.length > 1 ? args[1] : "shared/toolsearch/queries/dev.jsonl");
    List<JsonNode> tools = SearchCatalog.lines(catalogFile);
    List<SearchDocument> documents = SearchCatalog.read(catalogFile);
    List<SearchQuality.Query> queries = SearchQuality.readQueries(queriesFile);
    System.out.printf(
        Locale.ROOT,
        "catalog %s: %d tools; queries %s: %d%n",
        catalogFile,
        documents.size(),
        queriesFile,
        queries.size());

    Map<String, ToolRanker> contenders = new LinkedHashMap<>();
    ToolRankerFactory lexical = new LexicalRankerFactory();
    contenders.put("lexical", lexical.build(documents));
    // every model embeds the catalog once; each semantic and hybrid contender reuses the vectors
    SemanticRankerFactory semantic = new SemanticRankerFactory(List.of(TextEmbedder.values()));
    Map<TextEmbedder, List<float[]>> vectors = new EnumMap<>(TextEmbedder.class);
    for (TextEmbedder embedder : TextEmbedder.values()) {
      long start = System.nanoTime();
      vectors.putAll(new SemanticRankerFactory(List.of(embedder)).vectors(documents));
      System.out.printf(
          Locale.ROOT,
          "embedded %d tools by %s in %d ms%n",
          documents.size(),
          embedder,
          (System.nanoTime() - start) / 1_000_000);
    }
    List<String> names = documents.stream().map(SearchDocument::name).toList();
    contenders.put(
        "semantic (MiniLM + BGE, RRF k=" + HybridRankerFactory.RRF_K + ")",
        new SemanticRankerFactory().build(names, vectors));
    for (TextEmbedder embedder : TextEmbedder.values()) {
      contenders.put(
          "semantic (" + embedder + " alone)",
          new SemanticRankerFactory(List.of(embedder)).build(names, vectors));
    }
    for (int k : RRF_SWEEP) {
      contenders.put(
          "hybrid, RRF k=" + k + (k == HybridRankerFactory.RRF_K ? " (the default)" : ""),
          new HybridRankerFactory(lexical, semantic, k).build(documents, vectors));
    }
    contenders.put(
        "hybrid of MiniLM and lexical, RRF k=2",
        new HybridRankerFactory(
                lexical, new SemanticRankerFactory(List.of(TextEmbedder.MINILM_L6_V2)), 2)
            .build(documents, vectors));
    for (ToolRankerFactory factory : ToolRankers.available()) {
      if (!List.of("lexical", "semantic", "hybrid").contains(factory.name())) {
        contenders.put(factory.name(), factory.build(documents));
      }
    }
    List<ToolSpecification> specifications = specifications(tools);
    contenders.put(
        "LangChain4j SimpleToolSearchStrategy",
        peer(SimpleToolSearchStrategy.builder().maxResults(DEPTH).build(), specifications, true));
    contenders.put(
        "LangChain4j VectorToolSearchStrategy (MiniLM)",
        peer(
            VectorToolSearchStrategy.builder()
                .embeddingModel(new AllMiniLmL6V2EmbeddingModel())
                .maxResults(DEPTH)
                .build(),
            specifications,
            false));
    contenders.put(
        "LangChain4j VectorToolSearchStrategy (BGE)",
        peer(
            VectorToolSearchStrategy.builder()
                .embeddingModel(new BgeSmallEnV15EmbeddingModel())
                .maxResults(DEPTH)
                .build(),
            specifications,
            false));

    Encoding encoding = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    Map<String, String> definitions = new LinkedHashMap<>();
    tools.forEach(tool -> definitions.put(tool.path("id").asText(), openAiFunction(tool)));
    System.out.printf(
        Locale.ROOT,
        "%ntokens (o200k_base, the request's tools array in OpenAI function format):"
            + " all %d definitions %,d; search tool alone %d%n",
        tools.size(),
        encoding.countTokens(toolsArray(definitions.values())),
        encoding.countTokens(toolsArray(List.of(SEARCH_TOOL))));

    System.out.printf(
        "%n| ranker | queries | n | R@1 | R@5 | R@10 | MRR |%n|---|---|--:|--:|--:|--:|--:|%n");
    Map<String, String> costs = new LinkedHashMap<>();
    for (Map.Entry<String, ToolRanker> contender : contenders.entrySet()) {
      ToolRanker ranker = contender.getValue();
      ranker.search(queries.get(0).text(), DEPTH, name -> true); // first call loads lazily
      long start = System.nanoTime();
      Map<String, SearchQuality.Figures> figures = SearchQuality.score(ranker, queries);
      double msPerQuery = (System.nanoTime() - start) / 1e6 / queries.size();
      for (String difficulty : List.of("all", "easy", "paraphrased", "hard")) {
        SearchQuality.Figures f = figures.get(difficulty);
        if (f != null) {
          System.out.printf(
              Locale.ROOT,
              "| %s | %s | %d | %.3f | %.3f | %.3f | %.3f |%n",
              contender.getKey(),
              difficulty,
              f.queries(),
              f.recallAt1(),
              f.recallAt5(),
              f.recallAt10(),
              f.mrr());
        }
      }
      costs.put(contender.getKey(), cost(ranker, queries, encoding, definitions, msPerQuery));
    }
    System.out.printf(
        "%n| ranker | tokens: search tool + top %d (median, max) | ms per query |%n|---|--:|--:|%n",
        FOUND);
    costs.forEach((name, cost) -> System.out.printf("| %s | %s |%n", name, cost));
  }

  /** Median and largest tokens of the search tool plus the first five found, and the time taken. */
  private static String cost(
      ToolRanker ranker,
      List<SearchQuality.Query> queries,
      Encoding encoding,
      Map<String, String> definitions,
      double msPerQuery) {
    List<Integer> sums = new ArrayList<>();
    for (SearchQuality.Query query : queries) {
      List<String> sent = new ArrayList<>(List.of(SEARCH_TOOL));
      for (SearchHit hit : ranker.search(query.text(), FOUND, name -> true)) {
        sent.add(definitions.get(hit.name()));
      }
      sums.add(encoding.countTokens(toolsArray(sent)));
    }
    sums.sort(null);
    return String.format(
        Locale.ROOT,
        "%,d, %,d | %.1f",
        sums.get(sums.size() / 2),
        sums.get(sums.size() - 1),
        msPerQuery);
  }

  /**
   * The tools array of a chat request: one JSON text, so tokens are counted as the model sees them.
   */
  static String toolsArray(Collection<String> definitions) {
    return "[" + String.join(",", definitions) + "]";
  }

  /** A tool as a chat request sends it in OpenAI's function format. */
  static String openAiFunction(JsonNode tool) {
    ObjectNode function = JSON.createObjectNode();
    function.put("name", tool.path("id").asText());
    function.put("description", tool.path("description").asText());
    function.set("parameters", tool.path("inputSchema"));
    ObjectNode definition = JSON.createObjectNode();
    definition.put("type", "function");
    definition.set("function", function);
    return definition.toString();
  }

  /** LangChain4j's tools: name and description, what its two strategies search. */
  private static List<ToolSpecification> specifications(List<JsonNode> tools) {
    List<ToolSpecification> specifications = new ArrayList<>();
    for (JsonNode tool : tools) {
      specifications.add(
          ToolSpecification.builder()
              .name(tool.path("id").asText())
              .description(tool.path("description").asText())
              .build());
    }
    return specifications;
  }

  /**
   * A LangChain4j strategy driven as its ToolSearchService drives it: one search tool call over all
   * tools. The simple strategy takes {@code terms} (a model passes single words: the query's
   * words), the vector one a {@code query}.
   */
  private static ToolRanker peer(
      ToolSearchStrategy strategy, List<ToolSpecification> tools, boolean terms) {
    String tool = strategy.getToolSearchTools(InvocationContext.builder().build()).get(0).name();
    return (query, limit, allowed) -> {
      ObjectNode arguments = JSON.createObjectNode();
      if (terms) {
        ArrayNode words = arguments.putArray("terms");
        NOT_A_WORD
            .splitAsStream(query.toLowerCase(Locale.ROOT))
            .filter(word -> !word.isEmpty())
            .forEach(words::add);
      } else {
        arguments.put("query", query);
      }
      ToolSearchRequest request =
          ToolSearchRequest.builder()
              .toolExecutionRequest(
                  ToolExecutionRequest.builder()
                      .id("1")
                      .name(tool)
                      .arguments(arguments.toString())
                      .build())
              .searchableTools(tools)
              .invocationContext(InvocationContext.builder().build())
              .build();
      return strategy.search(request).foundToolNames().stream()
          .filter(allowed)
          .limit(limit)
          .map(name -> new SearchHit(name, 0))
          .toList();
    };
  }
}
