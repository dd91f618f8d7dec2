package dev.toolsmith.runtime.search;

import dev.toolsmith.runtime.search.DocumentAnalysis.DocumentTerms;
import dev.toolsmith.schema.search.FieldTerms;
import dev.toolsmith.schema.search.SearchTerms;
import dev.toolsmith.schema.search.ToolTerms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * BM25F over a tool's fields (name, description, parameters, toolset, keywords) with each field's
 * own weight and length normalisation; query terms also meet the index's terms they prefix or are
 * one edit away from, and a few common verb synonyms, at a discount; a tool that matches more of
 * the query's terms ranks higher.
 */
final class LexicalRanker implements ToolRanker {

  /**
   * BM25's term-frequency saturation; 2.0 (of 0.8, 1.2, 2.0) and the field weights below were
   * chosen by cross-validation on the development queries (fit on one half, checked on the other;
   * benchmarks/results/HISTORY.md "Tool search quality").
   */
  private static final double K1 = 2.0;

  /** At most this many distinct query terms count: a huge query costs a bounded time. */
  static final int MAX_QUERY_TERMS = 32;

  private static final double PREFIX_FACTOR = 0.5;
  private static final double FUZZY_FACTOR = 0.35;
  private static final double SYNONYM_FACTOR = 0.6;

  private final String[] names;
  private final Map<String, Posting> postings;

  /** The index's terms, sorted, for the prefix look-ups. */
  private final String[] vocabulary;

  /**
   * The index's terms of {@link #MIN_FUZZY_LENGTH} letters or more by their first two letters and
   * length, and by their last two and length: one edit in a word of five letters or more leaves its
   * first two or its last two letters as they were, so these two buckets hold every term one edit
   * away, and a look-up reads a few terms instead of the whole vocabulary.
   */
  private final Map<String, String[]> oneEditCandidates;

  /** Words shorter than this are not matched one edit away: too many short words are. */
  private static final int MIN_FUZZY_LENGTH = 5;

  private static final String[] NO_TERMS = {};

  /** Each document's terms, kept for the next build over documents this one shares. */
  private final Map<SearchDocument, DocumentTerms> analysed;

  /**
   * A ranker over {@code documents}; the terms of a document {@code previous} had are taken from
   * it, the others' come from {@code analysis}.
   */
  LexicalRanker(
      List<SearchDocument> documents,
      @Nullable LexicalRanker previous,
      Function<SearchDocument, DocumentTerms> analysis) {
    int n = documents.size();
    names = new String[n];
    analysed = new HashMap<>(n * 2);
    DocumentTerms[] fieldTerms = new DocumentTerms[n];
    double[] totalLength = new double[Field.COUNT];
    for (int d = 0; d < n; d++) {
      SearchDocument document = documents.get(d);
      names[d] = document.name();
      DocumentTerms terms = previous == null ? null : previous.analysed.get(document);
      if (terms == null) {
        terms = analysis.apply(document);
      }
      analysed.put(document, terms);
      fieldTerms[d] = terms;
      for (int f = 0; f < Field.COUNT; f++) {
        totalLength[f] += terms.field(f).length();
      }
    }
    double[] averageLength = new double[Field.COUNT];
    for (int f = 0; f < Field.COUNT; f++) {
      averageLength[f] = n == 0 ? 1 : Math.max(1, totalLength[f] / n);
    }
    Map<String, PostingBuilder> builders = new HashMap<>();
    for (int d = 0; d < n; d++) {
      Map<String, Double> weights = new HashMap<>();
      for (int f = 0; f < Field.COUNT; f++) {
        FieldTerms terms = fieldTerms[d].field(f);
        if (terms.length() == 0) {
          continue;
        }
        double norm = 1 - Field.B[f] + Field.B[f] * terms.length() / averageLength[f];
        double perOccurrence = Field.WEIGHT[f] / norm;
        for (int i = 0; i < terms.size(); i++) {
          weights.merge(terms.term(i), terms.count(i) * perOccurrence, Double::sum);
        }
      }
      for (Map.Entry<String, Double> e : weights.entrySet()) {
        builders.computeIfAbsent(e.getKey(), k -> new PostingBuilder()).add(d, e.getValue());
      }
    }
    postings = new HashMap<>(builders.size() * 2);
    for (Map.Entry<String, PostingBuilder> e : builders.entrySet()) {
      postings.put(e.getKey(), e.getValue().build(n));
    }
    vocabulary = postings.keySet().toArray(new String[0]);
    Arrays.sort(vocabulary);
    Map<String, List<String>> buckets = new HashMap<>();
    for (String term : vocabulary) {
      if (term.length() >= MIN_FUZZY_LENGTH) {
        buckets.computeIfAbsent(headKey(term, term.length()), k -> new ArrayList<>()).add(term);
        buckets.computeIfAbsent(tailKey(term, term.length()), k -> new ArrayList<>()).add(term);
      }
    }
    oneEditCandidates = new HashMap<>(buckets.size() * 2);
    buckets.forEach((key, terms) -> oneEditCandidates.put(key, terms.toArray(new String[0])));
  }

  @Override
  public List<SearchHit> search(String query, int limit, Predicate<String> allowed) {
    if (query == null || limit <= 0 || names.length == 0) {
      return List.of();
    }
    Set<String> queryTerms = new LinkedHashSet<>();
    for (String term : SearchTerms.of(query)) {
      if (queryTerms.size() == MAX_QUERY_TERMS) {
        break;
      }
      queryTerms.add(term);
    }
    if (queryTerms.isEmpty()) {
      return List.of();
    }
    int n = names.length;
    double[] total = new double[n];
    int[] matched = new int[n];
    double[] best = new double[n];
    int[] touched = new int[n];
    for (String term : queryTerms) {
      int touchedCount = 0;
      for (Map.Entry<String, Double> expansion : expand(term).entrySet()) {
        Posting posting = Objects.requireNonNull(postings.get(expansion.getKey()));
        double factor = expansion.getValue();
        int[] docs = posting.docs;
        double[] scores = posting.scores;
        for (int i = 0; i < docs.length; i++) {
          int d = docs[i];
          double score = factor * scores[i];
          if (best[d] == 0) {
            touched[touchedCount++] = d;
          }
          if (score > best[d]) {
            best[d] = score;
          }
        }
      }
      for (int i = 0; i < touchedCount; i++) {
        int d = touched[i];
        total[d] += best[d];
        matched[d]++;
        best[d] = 0;
      }
    }
    int terms = queryTerms.size();
    TopHits hits = new TopHits(limit);
    for (int d = 0; d < n; d++) {
      if (total[d] > 0 && allowed.test(names[d])) {
        // Coverage: a tool that meets more of the query's words beats one that meets one often.
        double coverage = (double) matched[d] / terms;
        hits.offer(names[d], total[d] * (0.5 + 0.5 * coverage));
      }
    }
    return hits.best();
  }

  /** The index terms {@code term} meets, each with the factor its match counts for. */
  private Map<String, Double> expand(String term) {
    Map<String, Double> expansions = new HashMap<>();
    if (postings.containsKey(term)) {
      expansions.put(term, 1.0);
    }
    for (String synonym : Synonyms.of(term)) {
      if (postings.containsKey(synonym)) {
        expansions.merge(synonym, SYNONYM_FACTOR, Math::max);
      }
    }
    if (term.length() >= 3) {
      // Index terms that start with the query term ("auth" meets "authent"): a sorted range.
      int from = Arrays.binarySearch(vocabulary, term);
      for (int i = from < 0 ? -from - 1 : from + 1; i < vocabulary.length; i++) {
        if (!vocabulary[i].startsWith(term)) {
          break;
        }
        expansions.merge(vocabulary[i], PREFIX_FACTOR, Math::max);
      }
      // Index terms the query term starts with ("repository" meets "repo").
      for (int length = 4; length < term.length(); length++) {
        String prefix = term.substring(0, length);
        if (postings.containsKey(prefix)) {
          expansions.merge(prefix, PREFIX_FACTOR, Math::max);
        }
      }
    }
    if (term.length() >= MIN_FUZZY_LENGTH && !postings.containsKey(term)) {
      for (int length = term.length() - 1; length <= term.length() + 1; length++) {
        for (String key : List.of(headKey(term, length), tailKey(term, length))) {
          for (String candidate : oneEditCandidates.getOrDefault(key, NO_TERMS)) {
            if (oneEditApart(term, candidate)) {
              expansions.merge(candidate, FUZZY_FACTOR, Math::max);
            }
          }
        }
      }
    }
    return expansions;
  }

  private static String headKey(String term, int length) {
    return term.substring(0, 2) + '<' + length;
  }

  private static String tailKey(String term, int length) {
    return term.substring(term.length() - 2) + '>' + length;
  }

  /**
   * Whether one insertion, deletion, substitution or adjacent swap turns {@code a} into {@code b}.
   */
  static boolean oneEditApart(String a, String b) {
    if (a.equals(b)) {
      return false;
    }
    if (a.length() > b.length()) {
      String t = a;
      a = b;
      b = t;
    }
    int i = 0;
    while (i < a.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    if (a.length() == b.length()) {
      if (a.regionMatches(i + 1, b, i + 1, a.length() - i - 1)) {
        return true;
      }
      return i + 1 < a.length()
          && a.charAt(i) == b.charAt(i + 1)
          && a.charAt(i + 1) == b.charAt(i)
          && a.regionMatches(i + 2, b, i + 2, a.length() - i - 2);
    }
    return a.regionMatches(i, b, i + 1, a.length() - i);
  }

  /**
   * One term's documents with the term's BM25F score in each: idf times the saturated
   * field-weighted, length-normalised frequency, computed once here rather than per search.
   */
  private static final class Posting {
    final int[] docs;
    final double[] scores;

    Posting(int[] docs, double[] weights, int documentCount) {
      this.docs = docs;
      int df = docs.length;
      double idf = Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
      this.scores = new double[docs.length];
      for (int i = 0; i < docs.length; i++) {
        double tf = weights[i];
        scores[i] = idf * tf * (K1 + 1) / (tf + K1);
      }
    }
  }

  private static final class PostingBuilder {
    private int[] docs = new int[4];
    private double[] weights = new double[4];
    private int size;

    void add(int doc, double weight) {
      if (size == docs.length) {
        docs = Arrays.copyOf(docs, size * 2);
        weights = Arrays.copyOf(weights, size * 2);
      }
      docs[size] = doc;
      weights[size++] = weight;
    }

    Posting build(int documentCount) {
      return new Posting(Arrays.copyOf(docs, size), Arrays.copyOf(weights, size), documentCount);
    }
  }

  /**
   * The fields of a document, with their weights and length normalisation: a tool's own fields in
   * {@link ToolTerms} order, then its toolset's description.
   */
  private static final class Field {
    static final int COUNT = ToolTerms.FIELDS + 1;
    // name, description, parameter names, parameter descriptions, toolset, keywords, toolset
    // description
    // A toolset's name weighs most after the tool's own: users name the service ("in Linear",
    // "the Mongo table"), and it should pull that service's tools above look-alikes elsewhere.
    static final double[] WEIGHT = {3.0, 1.0, 1.5, 0.6, 4.0, 2.0, 0.1};
    static final double[] B = {0.5, 0.75, 0.5, 0.75, 0.3, 0.5, 0.5};
  }
}
