package dev.toolsmith.search.embeddings;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The texts a tool is embedded from: its words as a sentence model reads them. */
final class DocumentText {

  /** A sentence ends at a full stop, question or exclamation mark before a space, or a line. */
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s|$)|\\n");

  private DocumentText() {}

  /**
   * Split name, description, parameter names, toolset and its description, keywords. Names are
   * split into words because the model's word pieces know "list allowed directories", not
   * "list_allowed_directories".
   */
  static String of(SearchDocument document) {
    StringBuilder text = new StringBuilder(words(document.name()));
    if (!document.description().isEmpty()) {
      text.append(": ").append(document.description().strip());
    }
    if (!document.parameters().isEmpty()) {
      StringJoiner parameters = new StringJoiner(", ", " Parameters: ", ".");
      for (SearchParameter parameter : document.parameters()) {
        parameters.add(words(parameter.name()));
      }
      text.append(parameters);
    }
    if (!document.keywords().isEmpty()) {
      text.append(" Keywords: ").append(String.join(", ", document.keywords())).append('.');
    }
    if (!document.toolset().isEmpty() || !document.toolsetDescription().isEmpty()) {
      text.append(" Toolset: ").append(words(document.toolset()));
      if (!document.toolsetDescription().isEmpty()) {
        text.append(" (").append(document.toolsetDescription().strip()).append(')');
      }
      text.append('.');
    }
    return text.toString();
  }

  /**
   * Split name and the description's first sentence: what the tool is for, undiluted by the details
   * a long description goes on to give.
   */
  static String summary(SearchDocument document) {
    String description = document.description().strip();
    Matcher end = SENTENCE_END.matcher(description);
    String first = end.find() ? description.substring(0, end.start()) : description;
    return first.isEmpty() ? words(document.name()) : words(document.name()) + ": " + first;
  }

  /** {@code getFileInfo}, {@code get_file_info}, {@code get-file-info}: "get file info". */
  static String words(String name) {
    String spaced =
        name.replaceAll("([a-z0-9])([A-Z])", "$1 $2")
            .replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
            .replaceAll("[_\\-.:/]+", " ");
    return spaced.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }
}
