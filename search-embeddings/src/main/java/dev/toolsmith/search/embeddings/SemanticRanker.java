package dev.toolsmith.search.embeddings;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.TopHits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ranks tools by the cosine of the query's embedding with each tool's, by one model, two ways:
 * against the embedding of the tool's whole text, and against that of its summary (name and first
 * sentence), which a long description does not dilute. The query is embedded once for both.
 */
final class SemanticRanker implements Rankings {

  private static final Logger LOG = Logger.getLogger(SemanticRanker.class.getName());

  /** The model reads 256 word pieces of a query at most; more text only costs time. */
  static final int MAX_QUERY_CHARS = 2_000;

  private final TextEmbedder embedder;
  private final String[] names;
  private final float[][] whole;
  private final float[][] summary;

  private SemanticRanker(
      TextEmbedder embedder, String[] names, float[][] whole, float[][] summary) {
    this.embedder = embedder;
    this.names = names;
    this.whole = whole;
    this.summary = summary;
  }

  /** Embeds every document once. */
  static SemanticRanker build(TextEmbedder embedder, List<SearchDocument> documents) {
    String[] names = documents.stream().map(SearchDocument::name).toArray(String[]::new);
    return over(embedder, names, vectors(embedder, documents));
  }

  /**
   * Each document's vector, as {@link #build} makes them: the embedding of its whole text followed
   * by that of its summary, in one array.
   */
  static List<float[]> vectors(TextEmbedder embedder, List<SearchDocument> documents) {
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
    List<Embedding> embeddings = embedder.model().embedAll(texts).content();
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
  static SemanticRanker over(TextEmbedder embedder, String[] names, List<float[]> vectors) {
    float[][] whole = new float[vectors.size()][];
    float[][] summary = new float[vectors.size()][];
    for (int i = 0; i < whole.length; i++) {
      float[] both = vectors.get(i);
      int half = both.length / 2;
      whole[i] = normalized(Arrays.copyOfRange(both, 0, half));
      summary[i] = normalized(Arrays.copyOfRange(both, half, both.length));
    }
    return new SemanticRanker(embedder, names.clone(), whole, summary);
  }

  @Override
  public List<List<SearchHit>> rank(String query, int depth, Predicate<String> allowed) {
    if (depth <= 0 || query.isBlank() || names.length == 0) {
      return List.of();
    }
    float[] q;
    try {
      String text = query.length() > MAX_QUERY_CHARS ? query.substring(0, MAX_QUERY_CHARS) : query;
      q = normalized(embedder.model().embed(embedder.queryText(text.strip())).content().vector());
    } catch (RuntimeException e) {
      // a query the model cannot read finds nothing; search never throws
      LOG.log(Level.FINE, "query not embedded", e);
      return List.of();
    }
    TopHits byWhole = new TopHits(depth);
    TopHits bySummary = new TopHits(depth);
    for (int i = 0; i < names.length; i++) {
      if (allowed.test(names[i])) {
        byWhole.offer(names[i], dot(q, whole[i]));
        bySummary.offer(names[i], dot(q, summary[i]));
      }
    }
    return List.of(byWhole.best(), bySummary.best());
  }

  /** Four sums at a time: the JIT does not vectorise this reduction, but the CPU overlaps them. */
  private static double dot(float[] a, float[] b) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = 0;
    for (int end = a.length - 3; i < end; i += 4) {
      s0 += a[i] * b[i];
      s1 += a[i + 1] * b[i + 1];
      s2 += a[i + 2] * b[i + 2];
      s3 += a[i + 3] * b[i + 3];
    }
    for (; i < a.length; i++) {
      s0 += a[i] * b[i];
    }
    return s0 + s1 + s2 + s3;
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
