package dev.toolsmith.search.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.SearchParameter;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.TopHits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The semantic and hybrid rankers over 20 real tools, with the real models. */
class SemanticRankerTest {

  static final List<SearchDocument> TOOLS =
      List.of(
          tool(
              "list_allowed_directories",
              "Returns the list of directories that this server is allowed to access.",
              "filesystem"),
          tool(
              "read_text_file",
              "Read the complete contents of a file from the file system as text.",
              "filesystem",
              "path"),
          tool(
              "write_file",
              "Create a new file or completely overwrite an existing file with new content.",
              "filesystem",
              "path",
              "content"),
          tool(
              "move_file",
              "Move or rename files and directories.",
              "filesystem",
              "source",
              "destination"),
          tool(
              "search_files",
              "Recursively search for files and directories matching a pattern.",
              "filesystem",
              "path",
              "pattern"),
          tool(
              "get_file_info",
              "Retrieve detailed metadata about a file or directory: size, creation time, permissions.",
              "filesystem",
              "path"),
          tool(
              "create_issue",
              "Create a new issue in a GitHub repository.",
              "github",
              "owner",
              "repo",
              "title",
              "body"),
          tool(
              "list_pull_requests",
              "List pull requests in a GitHub repository.",
              "github",
              "owner",
              "repo",
              "state"),
          tool(
              "merge_pull_request",
              "Merge a pull request.",
              "github",
              "owner",
              "repo",
              "pullNumber"),
          tool("search_code", "Search for code across GitHub repositories.", "github", "q"),
          tool("browser_navigate", "Navigate to a URL.", "playwright", "url"),
          tool(
              "browser_take_screenshot",
              "Take a screenshot of the current page.",
              "playwright",
              "filename"),
          tool("browser_click", "Perform click on a web page.", "playwright", "element", "ref"),
          tool(
              "send_email",
              "Send an email to one or more recipients.",
              "resend",
              "to",
              "subject",
              "html"),
          tool("list_pods", "List pods in a Kubernetes namespace.", "kubernetes", "namespace"),
          tool("get_logs", "Get the logs of a pod's container.", "kubernetes", "name", "container"),
          tool(
              "find",
              "Run a find query against a MongoDB collection.",
              "mongodb",
              "database",
              "collection",
              "filter"),
          tool("git_commit", "Records changes to the repository.", "git", "repo_path", "message"),
          tool("git_log", "Shows the commit logs.", "git", "repo_path", "max_count"),
          tool("web_search", "Search the web for current information.", "brave", "query"));

  static ToolRanker semantic;
  static ToolRanker hybrid;

  @BeforeAll
  static void build() {
    semantic = new SemanticRankerFactory().build(TOOLS);
    hybrid = new HybridRankerFactory(new WordOverlap()).build(TOOLS);
  }

  @Test
  void aParaphrasedQueryFindsTheObviousTool() {
    assertThat(names(semantic.search("which folders am I allowed to touch", 3, n -> true)))
        .first()
        .isEqualTo("list_allowed_directories");
    assertThat(names(hybrid.search("which folders am I allowed to touch", 3, n -> true)))
        .first()
        .isEqualTo("list_allowed_directories");
    // MiniLM puts the screenshot first; BGE puts "search the web for current information" a hair
    // ahead (it reads "web" and "right now"), so the fused ranking has the screenshot second
    ToolRanker miniLm = new SemanticRankerFactory(List.of(TextEmbedder.MINILM_L6_V2)).build(TOOLS);
    String looks = "show me what the web page looks like right now";
    assertThat(names(miniLm.search(looks, 1, n -> true)))
        .containsExactly("browser_take_screenshot");
    assertThat(names(semantic.search(looks, 2, n -> true))).contains("browser_take_screenshot");
  }

  @Test
  void limitAndAllowedAreHonoured() {
    for (ToolRanker ranker : List.of(semantic, hybrid)) {
      assertThat(ranker.search("files", 4, n -> true)).hasSize(4);
      assertThat(ranker.search("files", 0, n -> true)).isEmpty();
      assertThat(ranker.search("files", 1000, n -> true)).hasSizeLessThanOrEqualTo(TOOLS.size());
      List<SearchHit> github =
          ranker.search("which folders am I allowed to touch", 10, n -> n.contains("pull"));
      assertThat(names(github)).isNotEmpty().allMatch(n -> n.contains("pull"));
      assertThat(ranker.search("files", 10, n -> false)).isEmpty();
    }
  }

  @Test
  void answersAreDeterministicAndBestFirstWithTiesByName() {
    for (ToolRanker ranker : List.of(semantic, hybrid)) {
      List<SearchHit> first = ranker.search("commit my changes", 20, n -> true);
      assertThat(ranker.search("commit my changes", 20, n -> true)).isEqualTo(first);
      for (int i = 1; i < first.size(); i++) {
        SearchHit before = first.get(i - 1);
        SearchHit after = first.get(i);
        assertThat(
                before.score() > after.score()
                    || (before.score() == after.score()
                        && before.name().compareTo(after.name()) < 0))
            .isTrue();
      }
    }
    // the same document twice under two names: equal scores, ordered by name
    ToolRanker twins =
        new SemanticRankerFactory()
            .build(
                List.of(
                    tool("b_tool", "Send an email.", "x"), tool("a_tool", "Send an email.", "x")));
    assertThat(names(twins.search("mail someone", 2, n -> true)))
        .containsExactly("a_tool", "b_tool");
  }

  @Test
  void oddQueriesNeverThrow() {
    String huge = "find the file ".repeat(50_000);
    for (ToolRanker ranker : List.of(semantic, hybrid)) {
      assertThat(ranker.search("", 5, n -> true)).isEmpty();
      assertThat(ranker.search("   \n\t", 5, n -> true)).isEmpty();
      assertThat(ranker.search(huge, 5, n -> true)).hasSize(5);
      assertThat(ranker.search("ファイルを読む 📁 \u0000 \uD800 ἀρχή", 5, n -> true))
          .hasSizeLessThanOrEqualTo(5);
    }
    assertThat(new SemanticRankerFactory().build(List.of()).search("anything", 5, n -> true))
        .isEmpty();
  }

  @Test
  void aFusionConstantBelowOneIsRefusedWithOneLine() {
    assertThatThrownBy(() -> new HybridRankerFactory(new WordOverlap(), 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rrfK must be at least 1; found 0");
    assertThat(
            names(
                new HybridRankerFactory(new WordOverlap(), 10)
                    .build(TOOLS)
                    .search("which folders am I allowed to touch", 1, n -> true)))
        .containsExactly("list_allowed_directories");
  }

  @Test
  void eachModelAloneFindsTheObviousTool() {
    for (TextEmbedder embedder : TextEmbedder.values()) {
      ToolRanker alone = new SemanticRankerFactory(List.of(embedder)).build(TOOLS);
      assertThat(names(alone.search("which folders am I allowed to touch", 1, n -> true)))
          .as(embedder.name())
          .containsExactly("list_allowed_directories");
    }
  }

  @Test
  void vectorsMadeAheadRankAsEmbeddingAtBuildDoes() {
    SemanticRankerFactory factory = new SemanticRankerFactory();
    Map<TextEmbedder, List<float[]>> vectors = factory.vectors(TOOLS);
    assertThat(vectors).containsOnlyKeys(SemanticRankerFactory.DEFAULT_EMBEDDERS);
    List<String> names = TOOLS.stream().map(SearchDocument::name).toList();
    ToolRanker ahead = factory.build(names, vectors);
    ToolRanker hybridAhead = new HybridRankerFactory(new WordOverlap()).build(TOOLS, vectors);
    for (String query : List.of("commit my changes", "mail the team", "screenshot of the page")) {
      assertThat(ahead.search(query, 10, n -> true))
          .isEqualTo(semantic.search(query, 10, n -> true));
      assertThat(hybridAhead.search(query, 10, n -> true))
          .isEqualTo(hybrid.search(query, 10, n -> true));
    }
  }

  @Test
  void noModelOrTooFewVectorsAreRefusedWithOneLine() {
    assertThatThrownBy(() -> new SemanticRankerFactory(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("embedders must name at least one model; found none");
    SemanticRankerFactory miniLm = new SemanticRankerFactory(List.of(TextEmbedder.MINILM_L6_V2));
    assertThatThrownBy(
            () ->
                miniLm.build(
                    List.of("a", "b"), Map.of(TextEmbedder.MINILM_L6_V2, List.of(new float[384]))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("vectors must hold one per name for MINILM_L6_V2; found 1 for 2 names");
    assertThatThrownBy(() -> miniLm.build(List.of("a"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("vectors must hold one per name for MINILM_L6_V2; found none for 1 names");
  }

  @Test
  void bothAreFoundThroughServiceLoader() {
    List<String> names = new ArrayList<>();
    ServiceLoader.load(ToolRankerFactory.class)
        .forEach(f -> names.add(f.name() + ":" + f.preference()));
    assertThat(names).contains("semantic:10", "hybrid:20");
  }

  @Test
  void toolTextSplitsNamesAndSummaryEndsAtTheFirstSentence() {
    assertThat(DocumentText.words("getFileInfo")).isEqualTo("get file info");
    assertThat(DocumentText.words("list_allowed-directories"))
        .isEqualTo("list allowed directories");
    assertThat(DocumentText.words("HTTPServerURL")).isEqualTo("http server url");
    SearchDocument twoSentences =
        tool("get_file_info", "Retrieve metadata (v1.2) about a file. Returns size.\nMore.", "fs");
    assertThat(DocumentText.summary(twoSentences))
        .isEqualTo("get file info: Retrieve metadata (v1.2) about a file");
    assertThat(DocumentText.summary(tool("ping", "", "x"))).isEqualTo("ping");
    assertThat(DocumentText.summary(tool("ping", "Line one\nline two", "x")))
        .isEqualTo("ping: Line one");
  }

  private static List<String> names(List<SearchHit> hits) {
    return hits.stream().map(SearchHit::name).toList();
  }

  private static SearchDocument tool(
      String name, String description, String toolset, String... parameters) {
    List<SearchParameter> params = new ArrayList<>();
    for (String p : parameters) {
      params.add(new SearchParameter(p, ""));
    }
    return new SearchDocument(name, description, toolset, "", params, List.of());
  }

  /** A stand-in lexical ranker (the runtime's is merged separately): words shared with the text. */
  static final class WordOverlap implements ToolRankerFactory {
    @Override
    public String name() {
      return "word-overlap";
    }

    @Override
    public ToolRanker build(List<SearchDocument> documents) {
      return (query, limit, allowed) -> {
        List<String> words = List.of(query.toLowerCase(Locale.ROOT).split("\\W+"));
        TopHits top = new TopHits(Math.max(limit, 0));
        for (SearchDocument d : documents) {
          String text = DocumentText.of(d).toLowerCase(Locale.ROOT);
          long shared = words.stream().filter(w -> w.length() > 2 && text.contains(w)).count();
          if (shared > 0 && allowed.test(d.name()) && limit > 0) {
            top.offer(d.name(), shared);
          }
        }
        return top.best();
      };
    }
  }
}
