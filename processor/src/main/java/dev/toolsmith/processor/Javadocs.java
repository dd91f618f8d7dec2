package dev.toolsmith.processor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
