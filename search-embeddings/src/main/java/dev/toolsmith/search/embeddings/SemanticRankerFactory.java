package dev.toolsmith.search.embeddings;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The {@code semantic} ranker: each tool's whole text and its summary (name and first sentence)
 * embedded once, each query embedded per search, tools ranked by cosine similarity against each;
 * these rankings, two per model (by default all-MiniLM-L6-v2 and bge-small-en-v1.5), are fused by
 * reciprocal rank.
 */
public final class SemanticRankerFactory implements ToolRankerFactory {

  /**
   * The models of the default ranker. Two models of different training read a paraphrase
   * differently; fused, they found a label in the first five for more development queries on both
   * halves than either alone (benchmarks/results/HISTORY.md "Tool search quality").
   */
  public static final List<TextEmbedder> DEFAULT_EMBEDDERS =
      List.of(TextEmbedder.MINILM_L6_V2, TextEmbedder.BGE_SMALL_EN_V15);

  private final List<TextEmbedder> embedders;
  private final Function<TextEmbedder, EmbeddingModel> models;

  /** Found through {@link java.util.ServiceLoader}: the {@link #DEFAULT_EMBEDDERS}. */
  public SemanticRankerFactory() {
    this(DEFAULT_EMBEDDERS);
  }

  /** A ranker by these models: the two rankings of each (whole text, summary) fused together. */
  public SemanticRankerFactory(List<TextEmbedder> embedders) {
    this(embedders, TextEmbedder::model);
  }

  /** A ranker by these models, each loaded (or wrapped, in a test) by {@code models}. */
  SemanticRankerFactory(
      List<TextEmbedder> embedders, Function<TextEmbedder, EmbeddingModel> models) {
    requireNonNull(embedders, "embedders == null");
    if (embedders.isEmpty()) {
      throw new IllegalArgumentException("embedders must name at least one model; found none");
    }
    this.embedders = List.copyOf(embedders);
    this.models = models;
  }

  @Override
  public String name() {
    return "semantic";
  }

  @Override
  public int preference() {
    return 10;
  }

  @Override
  public ToolRanker build(List<SearchDocument> documents) {
    return fused(rankings(List.copyOf(documents), null));
  }

  /**
   * Embeds only the texts (whole, summary) that {@code previous}, a ranker of this module, has no
   * vector of: adding one tool to hundreds embeds that tool's two texts.
   */
  @Override
  public ToolRanker rebuild(ToolRanker previous, List<SearchDocument> documents) {
    return fused(rankings(List.copyOf(documents), SemanticRankings.in(previous)));
  }

  /**
   * Each document's vector by each model, as {@link #build(List)} makes them, to keep ahead: the
   * embedding of the document's whole text followed by that of its summary, in one array.
   */
  public Map<TextEmbedder, List<float[]>> vectors(List<SearchDocument> documents) {
    Map<TextEmbedder, List<float[]>> vectors = new EnumMap<>(TextEmbedder.class);
    for (TextEmbedder embedder : embedders) {
      vectors.put(embedder, SemanticRanker.vectors(models.apply(embedder), documents));
    }
    return vectors;
  }

  /**
   * A ranker over vectors made earlier by {@link #vectors}: {@code names.get(i)} has vector i of
   * each of this factory's models.
   */
  public ToolRanker build(List<String> names, Map<TextEmbedder, List<float[]>> vectors) {
    return fused(rankings(names, vectors));
  }

  /**
   * The rankings of every model, embedding the documents' texts but those {@code previous} has
   * vectors of.
   */
  Rankings rankings(List<SearchDocument> documents, @Nullable SemanticRankings previous) {
    List<SemanticRanker> rankers = new ArrayList<>();
    for (TextEmbedder embedder : embedders) {
      rankers.add(
          SemanticRanker.build(
              embedder,
              models.apply(embedder),
              documents,
              previous == null ? null : previous.of(embedder)));
    }
    return new SemanticRankings(rankers);
  }

  /** The rankings of every model, over vectors made earlier. */
  Rankings rankings(List<String> names, Map<TextEmbedder, List<float[]>> vectors) {
    List<SemanticRanker> rankers = new ArrayList<>();
    for (TextEmbedder embedder : embedders) {
      List<float[]> mine = vectors.get(embedder);
      if (mine == null || mine.size() != names.size()) {
        throw new IllegalArgumentException(
            "vectors must hold one per name for "
                + embedder
                + "; found "
                + (mine == null ? "none" : mine.size())
                + " for "
                + names.size()
                + " names");
      }
      rankers.add(
          SemanticRanker.over(
              embedder, models.apply(embedder), names.toArray(String[]::new), mine));
    }
    return new SemanticRankings(rankers);
  }

  private static ToolRanker fused(Rankings rankings) {
    return new ReciprocalRankFusion(List.of(rankings), HybridRankerFactory.RRF_K);
  }
}
