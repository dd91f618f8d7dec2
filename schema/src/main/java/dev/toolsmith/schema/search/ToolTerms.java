package dev.toolsmith.schema.search;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The search terms of a tool's own fields: its name, description, parameter names, parameter
 * descriptions, toolset name and keywords, each analysed by {@link SearchTerms}. The processor
 * writes them for each compiled tool in the compact form {@link #write()} gives, and the runtime
 * reads them back instead of analysing the text again. (A toolset's description is the runtime's to
 * know, so it is not among them.)
 */
public final class ToolTerms {

  /** The index of the name's field. */
  public static final int NAME = 0;

  /** The index of the description's field. */
  public static final int DESCRIPTION = 1;

  /** The index of the field of the parameters' names. */
  public static final int PARAMETER_NAMES = 2;

  /** The index of the field of the parameters' descriptions. */
  public static final int PARAMETER_DESCRIPTIONS = 3;

  /** The index of the toolset name's field. */
  public static final int TOOLSET = 4;

  /** The index of the keywords' field. */
  public static final int KEYWORDS = 5;

  /** How many fields a tool has. */
  public static final int FIELDS = 6;

  // The written form: the fields in index order, each ending with FIELD_END; a field's distinct
  // terms separated by TERM_END, a term that occurs more than once followed by COUNT and its count.
  // Analysed terms are letters and digits only (and the marks lower-casing adds), so none of the
  // three occurs in a term.
  private static final char FIELD_END = '|';
  private static final char TERM_END = ' ';
  private static final char COUNT = ':';

  private final FieldTerms[] fields;

  private ToolTerms(FieldTerms[] fields) {
    this.fields = fields;
  }

  /**
   * Analyses a tool's fields; the parameters' names and descriptions are given in schema order, as
   * {@link SchemaProperties} reads them.
   */
  public static ToolTerms analyse(
      String name,
      String description,
      List<String> parameterNames,
      List<String> parameterDescriptions,
      String toolset,
      List<String> keywords) {
    return new ToolTerms(
        new FieldTerms[] {
          FieldTerms.of(SearchTerms.of(requireNonNull(name, "name == null"))),
          FieldTerms.of(SearchTerms.of(requireNonNull(description, "description == null"))),
          FieldTerms.of(all(parameterNames)),
          FieldTerms.of(all(parameterDescriptions)),
          FieldTerms.of(SearchTerms.of(requireNonNull(toolset, "toolset == null"))),
          FieldTerms.of(all(keywords))
        });
  }

  private static List<String> all(List<String> texts) {
    List<String> terms = new ArrayList<>();
    for (String text : texts) {
      terms.addAll(SearchTerms.of(text));
    }
    return terms;
  }

  /** The field at {@code index} ({@link #NAME} to {@link #KEYWORDS}). */
  public FieldTerms field(int index) {
    return fields[index];
  }

  /**
   * The compact text of these terms, which {@link #read} turns back into equal terms under the same
   * {@link SearchTerms#VERSION}: {@code "greet|greet someon name|name tim loud|often:2
   * shout|tools|"}.
   */
  public String write() {
    StringBuilder text = new StringBuilder();
    for (FieldTerms field : fields) {
      write(field, text);
      text.append(FIELD_END);
    }
    return text.toString();
  }

  static void write(FieldTerms field, StringBuilder text) {
    for (int i = 0; i < field.size(); i++) {
      if (i > 0) {
        text.append(TERM_END);
      }
      text.append(field.term(i));
      if (field.count(i) > 1) {
        text.append(COUNT).append(field.count(i));
      }
    }
  }

  /**
   * The terms {@code text} holds in the form {@link #write()} gives; empty when it is not in that
   * form, so a caller analyses the tool's text instead.
   */
  public static Optional<ToolTerms> read(String text) {
    requireNonNull(text, "text == null");
    FieldTerms[] fields = new FieldTerms[FIELDS];
    int start = 0;
    for (int f = 0; f < FIELDS; f++) {
      int end = text.indexOf(FIELD_END, start);
      if (end < 0) {
        return Optional.empty();
      }
      FieldTerms field = field(text, start, end);
      if (field == null) {
        return Optional.empty();
      }
      fields[f] = field;
      start = end + 1;
    }
    return start == text.length() ? Optional.of(new ToolTerms(fields)) : Optional.empty();
  }

  /** The field written in {@code text} from {@code start} to {@code end}; null if malformed. */
  private static @Nullable FieldTerms field(String text, int start, int end) {
    if (start == end) {
      return FieldTerms.NONE;
    }
    List<String> terms = new ArrayList<>();
    int[] counts = new int[8];
    int termStart = start;
    int countStart = -1;
    for (int i = start; i <= end; i++) {
      char c = i < end ? text.charAt(i) : TERM_END;
      if (c == COUNT) {
        if (countStart >= 0) {
          return null;
        }
        countStart = i + 1;
      } else if (c == TERM_END) {
        int termEnd = countStart < 0 ? i : countStart - 1;
        int count = countStart < 0 ? 1 : count(text, countStart, i);
        if (termEnd == termStart || (countStart >= 0 && count < 2)) {
          return null;
        }
        if (terms.size() == counts.length) {
          counts = Arrays.copyOf(counts, counts.length * 2);
        }
        counts[terms.size()] = count;
        terms.add(text.substring(termStart, termEnd));
        termStart = i + 1;
        countStart = -1;
      }
    }
    return FieldTerms.counted(terms.toArray(new String[0]), Arrays.copyOf(counts, terms.size()));
  }

  /** The count written from {@code start} to {@code end}; -1 when it is not one. */
  private static int count(String text, int start, int end) {
    if (end == start || end - start > 9) {
      return -1;
    }
    int count = 0;
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      count = count * 10 + (c - '0');
    }
    return count;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ToolTerms other && Arrays.equals(fields, other.fields);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(fields);
  }

  @Override
  public String toString() {
    return write();
  }
}
