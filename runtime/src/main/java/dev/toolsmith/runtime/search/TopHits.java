package dev.toolsmith.runtime.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The best {@code limit} of many scored names, the order every ranker answers in: higher score
 * first, equal scores by name. Keeps only {@code limit} hits, so a search need not sort them all.
 */
public final class TopHits {

  /** Higher score first, equal scores by name. */
  public static final Comparator<SearchHit> BEST_FIRST =
      Comparator.comparingDouble(SearchHit::score).reversed().thenComparing(SearchHit::name);

  private final int limit;
  // worst on top, so one comparison decides whether a new hit gets in
  private final PriorityQueue<SearchHit> kept;

  /** Keeps at most {@code limit} hits. */
  public TopHits(int limit) {
    this.limit = limit;
    this.kept = new PriorityQueue<>(Math.min(limit, 1024) + 1, BEST_FIRST.reversed());
  }

  /** Offers one scored name; NaN scores are never kept. */
  public void offer(String name, double score) {
    if (Double.isNaN(score)) {
      return;
    }
    if (kept.size() < limit) {
      kept.add(new SearchHit(name, score));
      return;
    }
    SearchHit worst = kept.peek();
    if (worst != null
        && (score > worst.score()
            || (score == worst.score() && name.compareTo(worst.name()) < 0))) {
      kept.poll();
      kept.add(new SearchHit(name, score));
    }
  }

  /** The kept hits, best first. */
  public List<SearchHit> best() {
    List<SearchHit> hits = new ArrayList<>(kept);
    hits.sort(BEST_FIRST);
    return List.copyOf(hits);
  }
}
