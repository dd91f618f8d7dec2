package dev.toolsmith.runtime.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.support.PrecomputedTerms;
import dev.toolsmith.schema.search.SearchTerms;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LexicalRankerTest {

  private static SearchDocument doc(String name, String description, String... parameters) {
    List<SearchParameter> params = new ArrayList<>();
    for (String p : parameters) {
      params.add(new SearchParameter(p, ""));
    }
    return new SearchDocument(name, description, "files", "Files on disk", params, List.of());
  }

  private static final List<SearchDocument> DOCS =
      List.of(
          doc("readTextFile", "Read the complete contents of a file as text.", "path"),
          doc("list_directory", "List the entries of a folder.", "path"),
          doc("create-issue", "Open a new issue in a repository.", "title", "body"),
          doc("searchRepositories", "Search GitHub repositories by keyword.", "query"),
          doc("get_http2_settings", "Show the HTTP2 settings.", "host"));

  private static final ToolRanker RANKER = new LexicalRankerFactory().build(DOCS);

  private static String top(String query) {
    List<SearchHit> hits = RANKER.search(query, 1, name -> true);
    return hits.isEmpty() ? "" : hits.get(0).name();
  }

  @Test
  void stopWordsAloneMatchNothing() {
    assertTrue(RANKER.search("what is the", 5, name -> true).isEmpty());
  }

  @Test
  void findsToolsByInflectedSplitAndSynonymWords() {
    assertEquals("readTextFile", top("reading text files"));
    assertEquals("list_directory", top("show the directories"));
    assertEquals("create-issue", top("creating issues"));
    assertEquals("searchRepositories", top("find repos")); // prefix: repo meets repository
    assertEquals("get_http2_settings", top("http2 setting"));
  }

  @Test
  void fuzzyMatchForgivesOneTypo() {
    assertEquals("searchRepositories", top("repositroies"));
  }

  @Test
  void aTypoIsForgivenWhereverInTheWordItIs() {
    // deleted, swapped, replaced and added letters at the start, middle and end of "directory"
    for (String typo :
        List.of(
            "irectory",
            "idrectory",
            "xdirectory",
            "dierctory",
            "direcotry",
            "directroy",
            "directorx",
            "director",
            "dirctory")) {
      assertEquals("list_directory", top(typo), typo);
    }
  }

  @Test
  void equalScoresAreOrderedByNameAndAnswersRepeat() {
    List<SearchDocument> twins =
        List.of(
            doc("b_tool", "same words"), doc("a_tool", "same words"), doc("c_tool", "same words"));
    ToolRanker ranker = new LexicalRankerFactory().build(twins);
    List<SearchHit> hits = ranker.search("same words", 10, name -> true);
    assertEquals(
        List.of("a_tool", "b_tool", "c_tool"), hits.stream().map(SearchHit::name).toList());
    assertEquals(hits, ranker.search("same words", 10, name -> true));
  }

  @Test
  void limitAndAllowedAreHonoured() {
    assertEquals(2, RANKER.search("file path folder", 2, name -> true).size());
    assertTrue(RANKER.search("file", 0, name -> true).isEmpty());
    assertTrue(RANKER.search("file", -1, name -> true).isEmpty());
    List<SearchHit> hits = RANKER.search("file path", 10, name -> !name.equals("readTextFile"));
    assertFalse(hits.stream().anyMatch(h -> h.name().equals("readTextFile")));
    assertFalse(hits.isEmpty());
  }

  @Test
  void neverThrowsForAnyQueryText() {
    String huge = "file ".repeat(200_000) + "x".repeat(100_000);
    for (String query :
        List.of("", "   ", "\t\n", huge, "日本語のファイル", "😀 файл", "\u0000\uFFFF", "%%%", "a")) {
      List<SearchHit> hits = RANKER.search(query, 5, name -> true);
      assertTrue(hits.size() <= 5);
      hits.forEach(h -> assertTrue(Double.isFinite(h.score())));
    }
    assertTrue(new LexicalRankerFactory().build(List.of()).search("file", 5, n -> true).isEmpty());
  }

  /** {@code document} with {@code terms} as if the processor had written them. */
  private static SearchDocument withTerms(SearchDocument document, int analysis, String terms) {
    return new SearchDocument(
        document.name(),
        document.description(),
        document.toolset(),
        document.toolsetDescription(),
        document.parameters(),
        document.keywords(),
        new PrecomputedTerms(analysis, terms));
  }

  private static List<String> names(List<SearchHit> hits) {
    return hits.stream().map(SearchHit::name).toList();
  }

  @Test
  void termsOfThisAnalysisAreReadInsteadOfTheText() {
    SearchDocument written =
        withTerms(doc("calendar", "Books a meeting room."), SearchTerms.VERSION, "zebra||||||");
    ToolRanker ranker = new LexicalRankerFactory().build(List.of(written, DOCS.get(0)));
    assertEquals(List.of("calendar"), names(ranker.search("zebra", 5, name -> true)));
    assertEquals(List.of(), names(ranker.search("meeting room", 5, name -> true)));
  }

  @Test
  void termsOfAnotherAnalysisOrNotInItsFormAreIgnoredAndTheTextAnalysed() {
    for (SearchDocument document :
        List.of(
            withTerms(
                doc("calendar", "Books a meeting room."), SearchTerms.VERSION + 1, "zebra||||||"),
            withTerms(doc("calendar", "Books a meeting room."), SearchTerms.VERSION, "zebra"))) {
      ToolRanker ranker = new LexicalRankerFactory().build(List.of(document, DOCS.get(0)));
      assertEquals(List.of(), names(ranker.search("zebra", 5, name -> true)));
      assertEquals(List.of("calendar"), names(ranker.search("meeting room", 5, name -> true)));
    }
  }

  @Test
  void termsWrittenAsTheAnalysisMakesThemRankExactlyAsTheText() {
    List<SearchDocument> written = new ArrayList<>();
    for (SearchDocument document : DOCS) {
      String terms = DocumentAnalysis.analysed(document).write();
      written.add(withTerms(document, SearchTerms.VERSION, terms));
    }
    ToolRanker fromTerms = new LexicalRankerFactory().build(written);
    for (String query :
        List.of("reading text files", "show the directories", "find repos", "http2", "file")) {
      assertEquals(RANKER.search(query, 5, n -> true), fromTerms.search(query, 5, n -> true));
    }
  }

  @Test
  void aRebuildAnalysesOnlyTheDocumentsThePreviousRankerLacked() {
    List<SearchDocument> hundred = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      hundred.add(doc("tool_" + i, "Does thing number " + i + " with a file."));
    }
    AtomicInteger analyses = new AtomicInteger();
    DocumentAnalysis analysis = new DocumentAnalysis();
    Function<SearchDocument, DocumentAnalysis.DocumentTerms> counting =
        document -> {
          analyses.incrementAndGet();
          return analysis.terms(document);
        };
    LexicalRanker first = new LexicalRanker(hundred, null, counting);
    assertEquals(100, analyses.get());

    List<SearchDocument> more = new ArrayList<>(hundred);
    more.add(doc("archive_files", "Packs files into a zip archive."));
    analyses.set(0);
    LexicalRanker second = new LexicalRanker(more, first, counting);
    assertEquals(1, analyses.get());
    assertEquals(List.of("archive_files"), names(second.search("zip archive", 5, n -> true)));

    List<SearchDocument> fewer = more.subList(1, more.size());
    analyses.set(0);
    LexicalRanker third = new LexicalRanker(fewer, second, counting);
    assertEquals(0, analyses.get());
    // What is re-used ranks as a fresh build does.
    ToolRanker fresh = new LexicalRankerFactory().build(fewer);
    for (String query : List.of("thing number 7", "file", "archive", "tool 0")) {
      assertEquals(fresh.search(query, 10, n -> true), third.search(query, 10, n -> true));
    }
  }

  @Test
  void theLexicalRankerIsFoundAsTheDefault() {
    assertEquals("lexical", ToolRankers.preferred().name());
    assertTrue(ToolRankers.named("lexical").isPresent());
  }
}
