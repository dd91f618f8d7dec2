package dev.toolsmith.search.embeddings;

import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import java.util.List;
import java.util.function.Predicate;

/** Ranks the tools one or more ways for one query: what a fusion reads. */
interface Rankings {

  /** Each ranking of the tools {@code allowed} accepts, best first, at most {@code depth} each. */
  List<List<SearchHit>> rank(String query, int depth, Predicate<String> allowed);

  /** One ranker's one ranking. */
  static Rankings of(ToolRanker ranker) {
    return new Single(ranker);
  }

  /** One ranker's one ranking; the ranker is kept for the next build to re-use. */
  record Single(ToolRanker ranker) implements Rankings {
    @Override
    public List<List<SearchHit>> rank(String query, int depth, Predicate<String> allowed) {
      return List.of(ranker.search(query, depth, allowed));
    }
  }
}
