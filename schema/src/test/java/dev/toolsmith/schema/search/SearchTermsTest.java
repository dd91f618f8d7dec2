package dev.toolsmith.schema.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchTermsTest {

  @Test
  void identifiersSplitOnCaseUnderscoreDashAndDigits() {
    assertEquals(List.of("read", "text", "file"), SearchTerms.of("readTextFile"));
    assertEquals(List.of("list", "directory"), SearchTerms.of("list_directory"));
    assertEquals(List.of("creat", "issu"), SearchTerms.of("create-issue"));
    assertEquals(List.of("get", "http", "2", "set"), SearchTerms.of("get_http2_settings"));
    assertEquals(List.of("http", "server"), SearchTerms.of("HTTPServer"));
  }

  @Test
  void stemmingMeetsInflectedForms() {
    assertEquals(SearchTerms.stem("create"), SearchTerms.stem("creating"));
    assertEquals(SearchTerms.stem("create"), SearchTerms.stem("created"));
    assertEquals(SearchTerms.stem("repository"), SearchTerms.stem("repositories"));
    assertEquals(SearchTerms.stem("file"), SearchTerms.stem("files"));
    assertEquals("run", SearchTerms.stem("running"));
    assertEquals("status", SearchTerms.stem("status"));
  }

  /**
   * Terms written by the processor are read only by a runtime of the same {@link
   * SearchTerms#VERSION}: a change to the analysis that keeps the version would make compiled tools
   * match differently from the rest. When this fails, raise the version and record the new terms.
   */
  @Test
  void theTermsOfASampleAreThoseRecordedForThisVersion() {
    String sample =
        "The QuickBrown_fox-JUMPS over 2 lazy dogs' HTTPServers; it's running, created, "
            + "studies & passes \u00c9t\u00c9s caf\u00e9 "
            + "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz";
    assertEquals(1, SearchTerms.VERSION);
    assertEquals(
        List.of(
            "quick",
            "brown",
            "fox",
            "jump",
            "over",
            "2",
            "lazy",
            "dog",
            "http",
            "server",
            "run",
            "creat",
            "study",
            "pass",
            "\u00e9t",
            "\u00e9s",
            "caf\u00e9",
            "abcdefghijklmnopqrstuvwxyzabcdefghijklmn"),
        SearchTerms.of(sample));
  }
}
