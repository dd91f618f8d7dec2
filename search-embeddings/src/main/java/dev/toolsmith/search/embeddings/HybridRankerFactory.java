package dev.toolsmith.search.embeddings;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.TopHits;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The {@code hybrid} ranker: the semantic ranking and the lexical one fused by reciprocal rank
 * (each tool scores the sum of {@code 1 / (k + rank)} over the rankings it is in). Without a {@code
 * lexical} ranker on the class path it ranks as the semantic one does.
 */
public final class HybridRankerFactory implements ToolRankerFactory {

  /**
   * Reciprocal-rank fusion's constant, chosen by cross-validation on the dev queries: of 1, 2, 3,
   * 5, 10, 20, 60 (and semantic weights 0.5-3), 2 with equal weights was best on one half and
   * better than 5 on the other too (docs/BENCHMARKS.md "Tool search quality").
   */
  public static final int RRF_K = 2;

  /** How deep each ranking is read before fusing: a tool far down in both does not matter. */
  static final int DEPTH = 100;

  private final @Nullable ToolRankerFactory lexical;
  private final int rrfK;
  private final ToolRankerFactory semantic = new SemanticRankerFactory();

  /** Found through {@link java.util.ServiceLoader}: fuses with the ranker named {@code lexical}. */
  public HybridRankerFactory() {
    this.lexical = null;
    this.rrfK = RRF_K;
  }

  /** Fuses the semantic ranking with {@code lexical}'s. */
  public HybridRankerFactory(ToolRankerFactory lexical) {
    this(lexical, RRF_K);
  }

  /** Fuses the semantic ranking with {@code lexical}'s, with fusion constant {@code rrfK}. */
  public HybridRankerFactory(ToolRankerFactory lexical, int rrfK) {
    if (rrfK < 1) {
      throw new IllegalArgumentException("rrfK must be at least 1; found " + rrfK);
    }
    this.lexical = requireNonNull(lexical, "lexical == null");
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
    ToolRanker meaning = semantic.build(documents);
    Optional<ToolRankerFactory> words =
        lexical != null ? Optional.of(lexical) : lexicalOnClassPath();
    return words.<ToolRanker>map(l -> new Fused(meaning, l.build(documents), rrfK)).orElse(meaning);
  }

  /** Two rankings fused by reciprocal rank. */
  private record Fused(ToolRanker first, ToolRanker second, int k) implements ToolRanker {

    @Override
    public List<SearchHit> search(String query, int limit, Predicate<String> allowed) {
      if (limit <= 0) {
        return List.of();
      }
      int depth = Math.max(limit, DEPTH);
      Map<String, Double> fused = new HashMap<>();
      add(fused, first.search(query, depth, allowed), k);
      add(fused, second.search(query, depth, allowed), k);
      TopHits top = new TopHits(limit);
      fused.forEach(top::offer);
      return top.best();
    }

    private static void add(Map<String, Double> fused, List<SearchHit> ranking, int k) {
      for (int rank = 0; rank < ranking.size(); rank++) {
        fused.merge(ranking.get(rank).name(), 1.0 / (k + rank + 1), Double::sum);
      }
    }
  }
}
