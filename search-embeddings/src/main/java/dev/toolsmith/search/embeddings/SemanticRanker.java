package dev.toolsmith.search.embeddings;

import dev.langchain4j.data.segment.TextSegment;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.TopHits;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Ranks tools by the cosine of their text's embedding with the query's, by one model. */
final class SemanticRanker implements ToolRanker {

  private static final Logger LOG = Logger.getLogger(SemanticRanker.class.getName());

  /** The model reads 256 word pieces of a query at most; more text only costs time. */
  static final int MAX_QUERY_CHARS = 2_000;

  private final TextEmbedder embedder;
  private final String[] names;
  private final float[][] vectors;

  private SemanticRanker(TextEmbedder embedder, String[] names, float[][] vectors) {
    this.embedder = embedder;
    this.names = names;
    this.vectors = vectors;
  }

  /** Embeds every document once. */
  static SemanticRanker build(TextEmbedder embedder, List<SearchDocument> documents) {
    String[] names = documents.stream().map(SearchDocument::name).toArray(String[]::new);
    return of(embedder, names, vectors(embedder, documents).toArray(float[][]::new));
  }

  /** Each document's vector, as {@link #build} makes them. */
  static List<float[]> vectors(TextEmbedder embedder, List<SearchDocument> documents) {
    List<TextSegment> texts = new ArrayList<>(documents.size());
    for (SearchDocument document : documents) {
      texts.add(TextSegment.from(DocumentText.of(document)));
    }
    if (texts.isEmpty()) {
      return List.of();
    }
    List<float[]> vectors = new ArrayList<>(texts.size());
    embedder.model().embedAll(texts).content().forEach(e -> vectors.add(e.vector()));
    return vectors;
  }

  /** A ranker over vectors already made (by {@link #vectors} or a build step). */
  static SemanticRanker of(TextEmbedder embedder, String[] names, float[][] vectors) {
    float[][] unit = new float[vectors.length][];
    for (int i = 0; i < vectors.length; i++) {
      unit[i] = normalized(vectors[i]);
    }
    return new SemanticRanker(embedder, names.clone(), unit);
  }

  @Override
  public List<SearchHit> search(String query, int limit, Predicate<String> allowed) {
    if (limit <= 0 || query.isBlank() || names.length == 0) {
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
    TopHits top = new TopHits(limit);
    for (int i = 0; i < names.length; i++) {
      if (allowed.test(names[i])) {
        top.offer(names[i], dot(q, vectors[i]));
      }
    }
    return top.best();
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
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
