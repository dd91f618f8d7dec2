package dev.toolsmith.search.embeddings;

import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.TopHits;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Rankings fused by reciprocal rank: each tool scores the sum of {@code 1 / (k + rank)} over the
 * rankings it is in, so tools that several rankers place high win, whatever their scores' scales.
 */
final class ReciprocalRankFusion implements ToolRanker {

  /**
   * How deep each ranking is read before fusing: a tool far down in all of them does not matter.
   */
  static final int DEPTH = 100;

  private final List<Rankings> rankers;
  private final int k;

  ReciprocalRankFusion(List<Rankings> rankers, int k) {
    this.rankers = List.copyOf(rankers);
    this.k = k;
  }

  /** The rankings fused, in the order given. */
  List<Rankings> rankings() {
    return rankers;
  }

  @Override
  public List<SearchHit> search(String query, int limit, Predicate<String> allowed) {
    if (limit <= 0) {
      return List.of();
    }
    int depth = Math.max(limit, DEPTH);
    Map<String, Double> fused = new HashMap<>();
    for (Rankings ranker : rankers) {
      for (List<SearchHit> ranking : ranker.rank(query, depth, allowed)) {
        for (int rank = 0; rank < ranking.size(); rank++) {
          fused.merge(ranking.get(rank).name(), 1.0 / (k + rank + 1), Double::sum);
        }
      }
    }
    TopHits top = new TopHits(limit);
    fused.forEach(top::offer);
    return top.best();
  }
}
