package dev.toolsmith.search.embeddings;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.TopHits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;

/**
 * Ranks tools by the cosine of the query's embedding with each tool's, by one model, two ways:
 * against the embedding of the tool's whole text, and against that of its summary (name and first
 * sentence), which a long description does not dilute. The query is embedded once for both.
 */
final class SemanticRanker {

  private static final Logger LOG = Logger.getLogger(SemanticRanker.class.getName());

  /** The model reads 256 word pieces of a query at most; more text only costs time. */
  static final int MAX_QUERY_CHARS = 2_000;

  private final TextEmbedder embedder;
  private final EmbeddingModel model;
  private final String[] names;

  /**
   * The unit vectors of the tools' whole texts by dimension: value j of tool i at {@code j * n +
   * i}. A search then adds one query value times one row at a time, a loop the JIT turns into SIMD
   * instructions, where a dot product per tool would be a sum it may not reorder.
   */
  private final float[] whole;

  /** The unit vectors of the tools' summaries, laid out as {@link #whole}. */
  private final float[] summary;

  /**
   * The texts the vectors were made from, tool by tool, so a later build re-uses the vectors of the
   * texts it shares; null when the vectors were made elsewhere.
   */
  private final String @Nullable [] wholeTexts;

  private final String @Nullable [] summaryTexts;

  private SemanticRanker(
      TextEmbedder embedder,
      EmbeddingModel model,
      String[] names,
      float[] whole,
      float[] summary,
      String @Nullable [] wholeTexts,
      String @Nullable [] summaryTexts) {
    this.embedder = embedder;
    this.model = model;
    this.names = names;
    this.whole = whole;
    this.summary = summary;
    this.wholeTexts = wholeTexts;
    this.summaryTexts = summaryTexts;
  }

  /** The model this ranker embeds by. */
  TextEmbedder embedder() {
    return embedder;
  }

  /**
   * Embeds each document's whole text and summary with {@code model}, but for the texts {@code
   * previous} has vectors of: those it takes from it. Each distinct text is embedded once.
   */
  static SemanticRanker build(
      TextEmbedder embedder,
      EmbeddingModel model,
      List<SearchDocument> documents,
      @Nullable SemanticRanker previous) {
    int n = documents.size();
    String[] names = new String[n];
    String[] wholeTexts = new String[n];
    String[] summaryTexts = new String[n];
    for (int i = 0; i < n; i++) {
      SearchDocument document = documents.get(i);
      names[i] = document.name();
      wholeTexts[i] = DocumentText.of(document);
      summaryTexts[i] = DocumentText.summary(document);
    }
    Map<String, float[]> unit = previous == null ? new HashMap<>() : previous.unitVectors();
    Set<String> missing = new LinkedHashSet<>();
    for (String[] texts : List.of(wholeTexts, summaryTexts)) {
      for (String text : texts) {
        if (!unit.containsKey(text)) {
          missing.add(text);
        }
      }
    }
    if (!missing.isEmpty()) {
      List<String> toEmbed = List.copyOf(missing);
      List<Embedding> embeddings =
          model.embedAll(toEmbed.stream().map(TextSegment::from).toList()).content();
      for (int i = 0; i < toEmbed.size(); i++) {
        unit.put(toEmbed.get(i), normalized(embeddings.get(i).vector()));
      }
    }
    int dimension = n == 0 ? 0 : vector(unit, wholeTexts[0]).length;
    float[] whole = new float[dimension * n];
    float[] summary = new float[dimension * n];
    for (int i = 0; i < n; i++) {
      place(vector(unit, wholeTexts[i]), whole, i, n);
      place(vector(unit, summaryTexts[i]), summary, i, n);
    }
    return new SemanticRanker(embedder, model, names, whole, summary, wholeTexts, summaryTexts);
  }

  private static float[] vector(Map<String, float[]> unit, String text) {
    return requireNonNull(unit.get(text), "every text is embedded or re-used");
  }

  /** Puts {@code vector} as tool {@code i}'s of {@code n} into {@code byDimension}. */
  private static void place(float[] vector, float[] byDimension, int i, int n) {
    if (vector.length * n != byDimension.length) {
      throw new IllegalStateException(
          "the model gave vectors of "
              + vector.length
              + " and "
              + byDimension.length / n
              + " values");
    }
    for (int j = 0; j < vector.length; j++) {
      byDimension[j * n + i] = vector[j];
    }
  }

  /**
   * The unit vector of each text this ranker embedded, by text; empty for vectors made elsewhere.
   */
  private Map<String, float[]> unitVectors() {
    Map<String, float[]> unit = new HashMap<>();
    if (wholeTexts == null || summaryTexts == null) {
      return unit;
    }
    int n = names.length;
    for (int i = 0; i < n; i++) {
      unit.putIfAbsent(wholeTexts[i], column(whole, i, n));
      unit.putIfAbsent(summaryTexts[i], column(summary, i, n));
    }
    return unit;
  }

  /** Tool {@code i}'s vector of {@code n} in {@code byDimension}. */
  private static float[] column(float[] byDimension, int i, int n) {
    float[] vector = new float[byDimension.length / n];
    for (int j = 0; j < vector.length; j++) {
      vector[j] = byDimension[j * n + i];
    }
    return vector;
  }

  /**
   * Each document's vector, as {@link #build} makes them: the embedding of its whole text followed
   * by that of its summary, in one array.
   */
  static List<float[]> vectors(EmbeddingModel model, List<SearchDocument> documents) {
    if (documents.isEmpty()) {
      return List.of();
    }
    List<TextSegment> texts = new ArrayList<>(documents.size() * 2);
    for (SearchDocument document : documents) {
      texts.add(TextSegment.from(DocumentText.of(document)));
    }
    for (SearchDocument document : documents) {
      texts.add(TextSegment.from(DocumentText.summary(document)));
    }
    List<Embedding> embeddings = model.embedAll(texts).content();
    List<float[]> vectors = new ArrayList<>(documents.size());
    int n = documents.size();
    for (int i = 0; i < n; i++) {
      float[] a = embeddings.get(i).vector();
      float[] b = embeddings.get(n + i).vector();
      float[] both = Arrays.copyOf(a, a.length + b.length);
      System.arraycopy(b, 0, both, a.length, b.length);
      vectors.add(both);
    }
    return vectors;
  }

  /** A ranker over vectors already made (by {@link #vectors} or a build step). */
  static SemanticRanker over(
      TextEmbedder embedder, EmbeddingModel model, String[] names, List<float[]> vectors) {
    int n = vectors.size();
    int dimension = n == 0 ? 0 : vectors.get(0).length / 2;
    float[] whole = new float[dimension * n];
    float[] summary = new float[dimension * n];
    for (int i = 0; i < n; i++) {
      float[] both = vectors.get(i);
      if (both.length != 2 * dimension) {
        throw new IllegalArgumentException(
            "every vector must have "
                + 2 * dimension
                + " values; vector "
                + i
                + " has "
                + both.length);
      }
      float[] a = normalized(Arrays.copyOfRange(both, 0, dimension));
      float[] b = normalized(Arrays.copyOfRange(both, dimension, both.length));
      for (int j = 0; j < dimension; j++) {
        whole[j * n + i] = a[j];
        summary[j * n + i] = b[j];
      }
    }
    return new SemanticRanker(embedder, model, names.clone(), whole, summary, null, null);
  }

  /**
   * The query's cosine with every tool's whole text and with its summary, in tool order; none when
   * the query is blank or the model cannot read it. Touches no caller code, so it may run on any
   * thread.
   */
  Optional<Cosines> cosines(String query) {
    if (query.isBlank() || names.length == 0) {
      return Optional.empty();
    }
    float[] q;
    try {
      String text = query.length() > MAX_QUERY_CHARS ? query.substring(0, MAX_QUERY_CHARS) : query;
      q = normalized(model.embed(embedder.queryText(text.strip())).content().vector());
    } catch (RuntimeException e) {
      // a query the model cannot read finds nothing; search never throws
      LOG.log(Level.FINE, "query not embedded", e);
      return Optional.empty();
    }
    return Optional.of(new Cosines(cosines(q, whole), cosines(q, summary)));
  }

  /**
   * The tools {@code allowed} accepts, best first, at most {@code depth}: by whole text, then by
   * summary.
   */
  List<List<SearchHit>> rankings(Cosines cosines, int depth, Predicate<String> allowed) {
    TopHits byWhole = new TopHits(depth);
    TopHits bySummary = new TopHits(depth);
    for (int i = 0; i < names.length; i++) {
      if (allowed.test(names[i])) {
        byWhole.offer(names[i], cosines.whole[i]);
        bySummary.offer(names[i], cosines.summary[i]);
      }
    }
    return List.of(byWhole.best(), bySummary.best());
  }

  /** A query's cosines with each tool's two vectors, in tool order. */
  static final class Cosines {
    final float[] whole;
    final float[] summary;

    Cosines(float[] whole, float[] summary) {
      this.whole = whole;
      this.summary = summary;
    }
  }

  /** The cosine of the unit query with every tool's unit vector in {@code byDimension}. */
  private float[] cosines(float[] query, float[] byDimension) {
    int n = names.length;
    float[] cosines = new float[n];
    for (int j = 0, row = 0; j < query.length && row < byDimension.length; j++, row += n) {
      float value = query[j];
      for (int i = 0; i < n; i++) {
        cosines[i] += value * byDimension[row + i];
      }
    }
    return cosines;
  }

  private static float[] normalized(float[] vector) {
    double norm = 0;
    for (float v : vector) {
      norm += v * v;
    }
    float[] unit = vector.clone();
    if (norm > 0) {
      float scale = (float) (1 / Math.sqrt(norm));
      for (int i = 0; i < unit.length; i++) {
        unit[i] *= scale;
      }
    }
    return unit;
  }
}
