package dev.toolsmith.example;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code text} toolset: regular-expression extraction and word counts, on text the model sends.
 */
public final class TextTools {

  /** Longest text the tools accept, in characters. */
  static final int MAX_TEXT_CHARS = 200_000;

  /** Longest pattern accepted, in characters. */
  static final int MAX_PATTERN_CHARS = 1_000;

  static final int DEFAULT_MAX_MATCHES = 100;

  private TextTools() {}

  /**
   * The arguments of {@code regex_extract}.
   *
   * @param pattern a Java regular expression
   * @param text the text to search
   * @param group the capturing group to return for each match; 0, the default, is the whole match
   * @param maxMatches stop after this many matches (default 100)
   */
  public record RegexExtract(
      String pattern,
      String text,
      @Param(required = false, minimum = 0, maximum = 99) Integer group,
      @Param(required = false, minimum = 1, maximum = 1000) Integer maxMatches) {}

  /**
   * The matches of a pattern.
   *
   * @param matches the matched text of each match, in order
   * @param truncated whether there were more matches than {@code maxMatches}
   */
  public record Extraction(List<String> matches, boolean truncated) {}

  /** Extracts every match of a regular expression (or one of its groups) from a text. */
  @Tool(toolset = "text", emoji = "🧵")
  public static Extraction regexExtract(RegexExtract args) {
    checkLength("text", args.text(), MAX_TEXT_CHARS);
    checkLength("pattern", args.pattern(), MAX_PATTERN_CHARS);
    Pattern pattern = BoundedText.compile(args.pattern(), 0);
    int group = args.group() == null ? 0 : args.group();
    int max = args.maxMatches() == null ? DEFAULT_MAX_MATCHES : args.maxMatches();
    Matcher matcher = BoundedText.matcher(pattern, args.text(), BoundedText.DEFAULT_BUDGET);
    if (group > matcher.groupCount()) {
      throw new IllegalArgumentException(
          "group "
              + group
              + " does not exist; the pattern has "
              + matcher.groupCount()
              + " group(s)");
    }
    List<String> matches = new ArrayList<>();
    while (matcher.find()) {
      if (matches.size() == max) {
        return new Extraction(matches, true);
      }
      String value = matcher.group(group);
      matches.add(value == null ? "" : value);
    }
    return new Extraction(matches, false);
  }

  /**
   * Counts of a text.
   *
   * @param words runs of non-whitespace characters
   * @param lines lines, counting a last line without a line break
   * @param characters Unicode code points
   */
  public record Counts(int words, int lines, int characters) {}

  /**
   * Counts the words, lines and characters of a text.
   *
   * @param text the text to count
   */
  @Tool(toolset = "text", emoji = "🔢")
  public static Counts wordCount(String text) {
    checkLength("text", text, MAX_TEXT_CHARS);
    int words = 0;
    int lines = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == '\n') {
        lines++;
      }
      boolean space = Character.isWhitespace(cp) || Character.isSpaceChar(cp);
      if (!space && !inWord) {
        words++;
      }
      inWord = !space;
    }
    if (!text.isEmpty() && !text.endsWith("\n")) {
      lines++;
    }
    return new Counts(words, lines, text.codePointCount(0, text.length()));
  }

  private static void checkLength(String what, String value, int max) {
    if (value.length() > max) {
      throw new IllegalArgumentException(what + " is longer than " + max + " characters");
    }
  }
}
