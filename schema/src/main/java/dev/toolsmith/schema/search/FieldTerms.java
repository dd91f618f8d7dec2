package dev.toolsmith.schema.search;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One field's terms, each once with how often it occurs, in the order they first occur: all that
 * BM25 reads of a field (its length is the sum of the counts).
 */
public final class FieldTerms {

  /** A field with no terms. */
  public static final FieldTerms NONE = new FieldTerms(new String[0], new int[0]);

  private final String[] terms;
  private final int[] counts;
  private final int length;

  private FieldTerms(String[] terms, int[] counts) {
    this.terms = terms;
    this.counts = counts;
    int sum = 0;
    for (int count : counts) {
      sum += count;
    }
    this.length = sum;
  }

  /** The field whose analysed text gave {@code terms}, in order, repeats included. */
  public static FieldTerms of(List<String> terms) {
    if (terms.isEmpty()) {
      return NONE;
    }
    Map<String, Integer> counted = new LinkedHashMap<>();
    for (String term : terms) {
      counted.merge(term, 1, Integer::sum);
    }
    return new FieldTerms(
        counted.keySet().toArray(new String[0]),
        counted.values().stream().mapToInt(Integer::intValue).toArray());
  }

  /** A field of these distinct terms with these counts (each at least 1), as read back. */
  static FieldTerms counted(String[] terms, int[] counts) {
    return terms.length == 0 ? NONE : new FieldTerms(terms, counts);
  }

  /** How many distinct terms the field has. */
  public int size() {
    return terms.length;
  }

  /** The {@code i}th distinct term. */
  public String term(int i) {
    return terms[i];
  }

  /** How often the {@code i}th distinct term occurs. */
  public int count(int i) {
    return counts[i];
  }

  /** How many terms the field has, repeats counted. */
  public int length() {
    return length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldTerms other
        && Arrays.equals(terms, other.terms)
        && Arrays.equals(counts, other.counts);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(terms) + Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    ToolTerms.write(this, text);
    return text.toString();
  }
}
