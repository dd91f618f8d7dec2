package dev.toolsmith.schema.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns text into search terms: identifiers split on case, {@code _}, {@code -} and digits, lower
 * case, English stop words dropped, a light stemmer applied, so "listFiles", "list_files" and "list
 * the file" share their terms. The processor analyses compiled tools with it, the runtime's lexical
 * ranker everything else and every query, so both sides of a match are analysed alike.
 */
public final class SearchTerms {

  /**
   * The version of this analysis and of the form {@link ToolTerms#write()} gives its result: terms
   * written by another version are analysed again from their text. Raise it with any change that
   * makes different terms of some text (a stop word, a stemmer rule, the splitting, a limit) or
   * changes the written form; {@code SearchTermsTest} holds the terms of a sample text for it.
   */
  public static final int VERSION = 1;

  /** Terms longer than this are cut: no word is that long, and a huge token costs nothing then. */
  static final int MAX_TERM_LENGTH = 40;

  private static final Set<String> STOP_WORDS =
      Set.of(
          "a", "about", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "but",
          "by", "can", "could", "do", "does", "for", "from", "had", "has", "have", "he", "her",
          "here", "his", "how", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of", "on",
          "or", "our", "please", "she", "should", "so", "some", "such", "than", "that", "the",
          "their", "them", "then", "there", "these", "they", "this", "those", "to", "us", "was",
          "we", "were", "what", "when", "where", "which", "who", "whom", "why", "will", "with",
          "would", "you", "your", "e", "g", "etc", "via", "just", "i'm", "im", "let", "lets",
          "want", "need", "like", "mine", "am", "s", "t");

  private SearchTerms() {}

  /** The terms of {@code text}, in order, stop words left out; never null. */
  public static List<String> of(String text) {
    List<String> terms = new ArrayList<>();
    int length = text.length();
    int start = -1;
    for (int i = 0; i <= length; i++) {
      char c = i < length ? text.charAt(i) : ' ';
      boolean wordChar = Character.isLetterOrDigit(c);
      if (start >= 0 && (!wordChar || boundary(text, i))) {
        add(terms, text.substring(start, i));
        start = -1;
      }
      if (wordChar && start < 0) {
        start = i;
      }
    }
    return terms;
  }

  /** Whether a new identifier part starts at {@code i}: lowerUpper, UPPERLower, letter|digit. */
  private static boolean boundary(String text, int i) {
    if (i == 0 || i >= text.length()) {
      return false;
    }
    char previous = text.charAt(i - 1);
    char c = text.charAt(i);
    if (Character.isDigit(previous) != Character.isDigit(c)) {
      return true;
    }
    if (Character.isLowerCase(previous) && Character.isUpperCase(c)) {
      return true;
    }
    return Character.isUpperCase(previous)
        && Character.isUpperCase(c)
        && i + 1 < text.length()
        && Character.isLowerCase(text.charAt(i + 1));
  }

  private static void add(List<String> terms, String word) {
    String lower = word.toLowerCase(Locale.ROOT);
    if (lower.length() > MAX_TERM_LENGTH) {
      lower = lower.substring(0, MAX_TERM_LENGTH);
    }
    if (!STOP_WORDS.contains(lower)) {
      terms.add(stem(lower));
    }
  }

  /**
   * A light English stemmer: plurals (Harman's S-stemmer), then -ing and -ed, then a final e, so
   * "create", "creates", "created" and "creating" meet. Errors are the same on both sides of a
   * match, which is what counts.
   */
  public static String stem(String word) {
    String w = word;
    if (w.length() > 3 && w.endsWith("ies") && !w.endsWith("eies") && !w.endsWith("aies")) {
      w = w.substring(0, w.length() - 3) + "y";
    } else if (w.length() > 3
        && w.endsWith("es")
        && !w.endsWith("aes")
        && !w.endsWith("ees")
        && !w.endsWith("oes")) {
      w = w.substring(0, w.length() - 1);
    } else if (w.length() > 2
        && w.endsWith("s")
        && !w.endsWith("us")
        && !w.endsWith("ss")
        && !w.endsWith("is")) {
      w = w.substring(0, w.length() - 1);
    }
    if (w.length() > 5 && w.endsWith("ing")) {
      w = undouble(w.substring(0, w.length() - 3));
    } else if (w.length() > 4 && w.endsWith("ed") && !w.endsWith("eed")) {
      w = undouble(w.substring(0, w.length() - 2));
    }
    if (w.length() > 4 && w.endsWith("e")) {
      w = w.substring(0, w.length() - 1);
    }
    return w;
  }

  /** "runn" (from running) to "run"; "ll", "ss", "zz" stay, as in "install", "pass". */
  private static String undouble(String w) {
    int n = w.length();
    if (n >= 3) {
      char last = w.charAt(n - 1);
      if (last == w.charAt(n - 2) && "lsz".indexOf(last) < 0 && "aeiou".indexOf(last) < 0) {
        return w.substring(0, n - 1);
      }
    }
    return w;
  }
}
