package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.example.TextTools.Counts;
import dev.toolsmith.example.TextTools.Extraction;
import dev.toolsmith.example.TextTools.RegexExtract;
import java.util.List;
import org.junit.jupiter.api.Test;

final class TextToolsTest {

  @Test
  void extractsWholeMatchesOrAGroup() {
    String text = "Ask @maria and @tom, not bob@example.org";
    assertEquals(
        new Extraction(List.of("@maria", "@tom", "@example"), false),
        TextTools.regexExtract(new RegexExtract("@\\w+", text, null, null)));
    assertEquals(
        new Extraction(List.of("maria", "tom"), false),
        TextTools.regexExtract(new RegexExtract("(?<!\\w)@(\\w+)", text, 1, null)));
  }

  @Test
  void stopsAtMaxMatches() {
    assertEquals(
        new Extraction(List.of("1", "2"), true),
        TextTools.regexExtract(new RegexExtract("\\d", "1 2 3 4", null, 2)));
    assertEquals(
        new Extraction(List.of("1", "2"), false),
        TextTools.regexExtract(new RegexExtract("\\d", "1 2", null, 2)));
  }

  @Test
  void explainsBadPatternsAndGroups() {
    IllegalArgumentException syntax =
        assertThrows(
            IllegalArgumentException.class,
            () -> TextTools.regexExtract(new RegexExtract("a(", "a", null, null)));
    assertEquals("invalid regular expression: Unclosed group near index 2", syntax.getMessage());
    IllegalArgumentException group =
        assertThrows(
            IllegalArgumentException.class,
            () -> TextTools.regexExtract(new RegexExtract("a", "a", 2, null)));
    assertEquals("group 2 does not exist; the pattern has 0 group(s)", group.getMessage());
  }

  @Test
  void boundsCatastrophicBacktracking() {
    // The back reference defeats the JDK's loop memoization: exponential on a run of a's.
    String text = "a".repeat(40) + "c";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TextTools.regexExtract(new RegexExtract("(a+)+\\1b", text, null, null)));
    assertEquals(
        "regular expression too expensive on this input; simplify the pattern", e.getMessage());
  }

  @Test
  void refusesOversizedInput() {
    String huge = "x".repeat(TextTools.MAX_TEXT_CHARS + 1);
    assertThrows(
        IllegalArgumentException.class,
        () -> TextTools.regexExtract(new RegexExtract("x", huge, null, null)));
    assertThrows(IllegalArgumentException.class, () -> TextTools.wordCount(huge));
  }

  @Test
  void countsWordsLinesAndCodePoints() {
    assertEquals(new Counts(0, 0, 0), TextTools.wordCount(""));
    assertEquals(new Counts(3, 1, 13), TextTools.wordCount("one two three"));
    assertEquals(new Counts(4, 2, 21), TextTools.wordCount("  one\ttwo\nthree four\n"));
    // Code points, not UTF-16 units: an emoji counts once; a no-break space separates words.
    assertEquals(new Counts(2, 1, 6), TextTools.wordCount("café\u00a0🙂"));
  }
}
