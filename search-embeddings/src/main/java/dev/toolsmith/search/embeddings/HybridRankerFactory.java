package dev.toolsmith.search.embeddings;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * The {@code hybrid} ranker: the semantic rankings (two per model) and the lexical one fused by
 * reciprocal rank (each tool scores the sum of {@code 1 / (k + rank)} over the rankings it is in).
 * Without a {@code lexical} ranker on the class path it ranks as the semantic one does.
 */
public final class HybridRankerFactory implements ToolRankerFactory {

  /**
   * Reciprocal-rank fusion's constant, chosen by cross-validation on the dev queries: of 1, 2, 3
   * (and 5, 10, 20, 60 before), 1 was best on one half over the three rankings and did not lower
   * the other (benchmarks/results/HISTORY.md "Tool search quality").
   */
  public static final int RRF_K = 1;

  private final @Nullable ToolRankerFactory lexical;
  private final SemanticRankerFactory semantic;
  private final int rrfK;

  /** Found through {@link java.util.ServiceLoader}: fuses with the ranker named {@code lexical}. */
  public HybridRankerFactory() {
    this.lexical = null;
    this.semantic = new SemanticRankerFactory();
    this.rrfK = RRF_K;
  }

  /** Fuses the default semantic rankings with {@code lexical}'s. */
  public HybridRankerFactory(ToolRankerFactory lexical) {
    this(lexical, new SemanticRankerFactory(), RRF_K);
  }

  /**
   * Fuses the default semantic rankings with {@code lexical}'s, with fusion constant {@code rrfK}.
   */
  public HybridRankerFactory(ToolRankerFactory lexical, int rrfK) {
    this(lexical, new SemanticRankerFactory(), rrfK);
  }

  /**
   * Fuses the rankings of {@code semantic}'s models with {@code lexical}'s, constant {@code rrfK}.
   */
  public HybridRankerFactory(ToolRankerFactory lexical, SemanticRankerFactory semantic, int rrfK) {
    if (rrfK < 1) {
      throw new IllegalArgumentException("rrfK must be at least 1; found " + rrfK);
    }
    this.lexical = requireNonNull(lexical, "lexical == null");
    this.semantic = requireNonNull(semantic, "semantic == null");
    this.rrfK = rrfK;
  }

  /**
   * Looked up when a ranker is built: ServiceLoader is making this very factory at construction.
   */
  private static Optional<ToolRankerFactory> lexicalOnClassPath() {
    return ServiceLoader.load(ToolRankerFactory.class, HybridRankerFactory.class.getClassLoader())
        .stream()
        .filter(provider -> provider.type() != HybridRankerFactory.class)
        .map(ServiceLoader.Provider::get)
        .filter(factory -> factory.name().equals("lexical"))
        .findFirst();
  }

  @Override
  public String name() {
    return "hybrid";
  }

  @Override
  public int preference() {
    return 20;
  }

  @Override
  public ToolRanker build(List<SearchDocument> documents) {
    List<SearchDocument> copy = List.copyOf(documents);
    return fused(semantic.rankings(copy, null), copy, null);
  }

  /**
   * Embeds only the texts {@code previous}, a ranker of this module, has no vector of, and rebuilds
   * the lexical ranking from {@code previous}'s.
   */
  @Override
  public ToolRanker rebuild(ToolRanker previous, List<SearchDocument> documents) {
    List<SearchDocument> copy = List.copyOf(documents);
    ToolRanker words = null;
    if (previous instanceof ReciprocalRankFusion fusion) {
      for (Rankings rankings : fusion.rankings()) {
        if (rankings instanceof Rankings.Single single) {
          words = single.ranker();
        }
      }
    }
    return fused(semantic.rankings(copy, SemanticRankings.in(previous)), copy, words);
  }

  /**
   * A ranker over semantic vectors made earlier by {@link SemanticRankerFactory#vectors} for these
   * documents, in their order, and the lexical ranking of the documents themselves.
   */
  public ToolRanker build(
      List<SearchDocument> documents, Map<TextEmbedder, List<float[]>> vectors) {
    List<SearchDocument> copy = List.copyOf(documents);
    return fused(
        semantic.rankings(copy.stream().map(SearchDocument::name).toList(), vectors), copy, null);
  }

  /** The semantic rankings fused with the lexical one, rebuilt from {@code previousWords}. */
  private ToolRanker fused(
      Rankings meanings, List<SearchDocument> documents, @Nullable ToolRanker previousWords) {
    Optional<ToolRankerFactory> words =
        lexical != null ? Optional.of(lexical) : lexicalOnClassPath();
    List<Rankings> rankers = new ArrayList<>(List.of(meanings));
    words.ifPresent(
        l ->
            rankers.add(
                Rankings.of(
                    previousWords == null
                        ? l.build(documents)
                        : l.rebuild(previousWords, documents))));
    return new ReciprocalRankFusion(rankers, rrfK);
  }
}
