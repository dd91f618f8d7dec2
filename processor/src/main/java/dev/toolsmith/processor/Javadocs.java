package dev.toolsmith.processor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import org.jspecify.annotations.Nullable;

/**
 * Reads tool descriptions out of Javadoc: the summary sentence and {@code @param} tags, as plain
 * text.
 */
final class Javadocs {

  private static final Pattern CODE = Pattern.compile("\\{@(?:code|literal)\\s([^}]*)}");
  private static final Pattern LINK =
      Pattern.compile("\\{@link(?:plain)?\\s+([^\\s}]+)(?:\\s+([^}]*))?}");
  private static final Pattern OTHER_INLINE = Pattern.compile("\\{@\\w+\\s*([^}]*)}");
  private static final Pattern HTML = Pattern.compile("</?[a-zA-Z][^>]*>");
  private static final Pattern BLOCK_TAG = Pattern.compile("(?m)^\\s*@");
  private static final Pattern PARAM = Pattern.compile("(?s)^@param\\s+(\\S+)\\s*(.*)");
  private static final Pattern SENTENCE_END = Pattern.compile("\\.(\\s|$)");

  private Javadocs() {}

  /** The first sentence of the main description, or empty. */
  static String summary(@Nullable String docComment) {
    if (docComment == null) {
      return "";
    }
    Matcher tag = BLOCK_TAG.matcher(docComment);
    String main = tag.find() ? docComment.substring(0, tag.start()) : docComment;
    String text = plain(main);
    Matcher end = SENTENCE_END.matcher(text);
    return end.find() ? text.substring(0, end.start() + 1) : text;
  }

  /** The {@code @param} descriptions by parameter name, as plain text. */
  static Map<String, String> params(@Nullable String docComment) {
    Map<String, String> params = new LinkedHashMap<>();
    if (docComment == null) {
      return params;
    }
    // Each block tag runs to the next line that starts with '@'.
    String[] blocks = BLOCK_TAG.split(docComment, -1);
    for (int i = 1; i < blocks.length; i++) {
      Matcher param = PARAM.matcher("@" + blocks[i].strip());
      if (param.matches()) {
        params.put(param.group(1), plain(param.group(2)));
      }
    }
    return params;
  }

  /**
   * Reports each {@code @param} of {@code docs} that names none of {@code names} (the parameters or
   * components of {@code element}, which messages call {@code owner}), at its tag, with the names
   * it could mean: those without a {@code @param} of their own, the closest spelling first.
   */
  static void checkParams(
      Report report, Element element, String owner, Map<String, String> docs, List<String> names) {
    for (String tag : docs.keySet()) {
      if (names.contains(tag)) {
        continue;
      }
      if (names.isEmpty()) {
        report.addOnDocParam(element, tag, Message.JAVADOC_PARAM_NO_PARAMETERS, owner, tag);
        continue;
      }
      List<String> undocumented = new ArrayList<>(names);
      undocumented.removeAll(docs.keySet());
      List<String> candidates = new ArrayList<>(undocumented.isEmpty() ? names : undocumented);
      candidates.sort(Comparator.comparingInt(name -> distance(tag, name)));
      report.addOnDocParam(
          element, tag, Message.JAVADOC_PARAM_UNKNOWN, owner, tag, either(candidates));
    }
  }

  /** {@code a}, {@code a or b}, {@code a, b or c}. */
  private static String either(List<String> names) {
    int last = names.size() - 1;
    return last == 0
        ? names.get(0)
        : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
  }

  /** The Levenshtein distance of two names, ignoring case. */
  static int distance(String a, String b) {
    String x = a.toLowerCase(Locale.ROOT);
    String y = b.toLowerCase(Locale.ROOT);
    int[] previous = new int[y.length() + 1];
    int[] current = new int[y.length() + 1];
    for (int j = 0; j <= y.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= x.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= y.length(); j++) {
        int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[y.length()];
  }

  /** Inline tags to their text, HTML tags dropped, whitespace collapsed. */
  static String plain(String javadoc) {
    String text = CODE.matcher(javadoc).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
    text =
        LINK.matcher(text)
            .replaceAll(m -> Matcher.quoteReplacement(linkText(m.group(1), m.group(2))));
    text = OTHER_INLINE.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
    text = HTML.matcher(text).replaceAll("");
    return text.replaceAll("\\s+", " ").trim();
  }

  private static String linkText(String reference, String label) {
    if (label != null && !label.isBlank()) {
      return label.trim();
    }
    String ref = reference.startsWith("#") ? reference.substring(1) : reference.replace('#', '.');
    return ref;
  }
}
