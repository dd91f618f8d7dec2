package dev.toolsmith.runtime.search;

import java.util.List;
import java.util.function.Predicate;

/** Ranks the tools of one fixed set of documents for a query; safe for concurrent searches. */
public interface ToolRanker {

  /**
   * The tools that match {@code query}, best first, at most {@code limit}, among those whose name
   * {@code allowed} accepts; equal scores are ordered by name, so the answer is deterministic.
   * Never throws for any query text; a query with nothing to match gives an empty list.
   */
  List<SearchHit> search(String query, int limit, Predicate<String> allowed);
}
