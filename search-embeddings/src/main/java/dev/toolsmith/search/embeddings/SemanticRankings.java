package dev.toolsmith.search.embeddings;

import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The rankings of several models' semantic rankers for one query. Each model embeds the query and
 * scores every tool at the same time as the others (the work is the models' alone, so it runs on
 * the common fork-join pool beside the caller); the caller's {@code allowed} is then asked on the
 * caller's thread only.
 */
final class SemanticRankings implements Rankings {

  private final List<SemanticRanker> rankers;

  SemanticRankings(List<SemanticRanker> rankers) {
    this.rankers = List.copyOf(rankers);
  }

  /** The ranker of {@code embedder}'s model among these, if there is one. */
  @Nullable SemanticRanker of(TextEmbedder embedder) {
    for (SemanticRanker ranker : rankers) {
      if (ranker.embedder() == embedder) {
        return ranker;
      }
    }
    return null;
  }

  /** The semantic rankings inside {@code ranker}, when this module's factories made it. */
  static @Nullable SemanticRankings in(ToolRanker ranker) {
    if (ranker instanceof ReciprocalRankFusion fusion) {
      for (Rankings rankings : fusion.rankings()) {
        if (rankings instanceof SemanticRankings semantic) {
          return semantic;
        }
      }
    }
    return null;
  }

  @Override
  public List<List<SearchHit>> rank(String query, int depth, Predicate<String> allowed) {
    if (depth <= 0) {
      return List.of();
    }
    List<Optional<SemanticRanker.Cosines>> cosines =
        rankers.size() == 1
            ? List.of(rankers.get(0).cosines(query))
            : rankers.parallelStream().map(ranker -> ranker.cosines(query)).toList();
    List<List<SearchHit>> rankings = new ArrayList<>();
    for (int i = 0; i < rankers.size(); i++) {
      SemanticRanker ranker = rankers.get(i);
      cosines.get(i).ifPresent(c -> rankings.addAll(ranker.rankings(c, depth, allowed)));
    }
    return rankings;
  }
}
