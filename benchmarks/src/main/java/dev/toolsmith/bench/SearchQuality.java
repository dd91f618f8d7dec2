package dev.toolsmith.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Scores a {@link ToolRanker} on labelled queries (JSON Lines: {@code query}, {@code labels},
 * {@code difficulty}): recall at 1, 5 and 10 (a hit when any label is among the first k) and mean
 * reciprocal rank, overall and per difficulty.
 *
 * <p>Run: {@code java -cp ... dev.toolsmith.bench.SearchQuality CATALOG.jsonl QUERIES.jsonl}.
 */
public final class SearchQuality {

  /** One labelled query. */
  public record Query(String id, String text, Set<String> labels, String difficulty) {}

  /** The figures of a set of queries. */
  public record Figures(
      int queries, double recallAt1, double recallAt5, double recallAt10, double mrr) {

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "n=%3d  R@1 %.3f  R@5 %.3f  R@10 %.3f  MRR %.3f",
          queries,
          recallAt1,
          recallAt5,
          recallAt10,
          mrr);
    }
  }

  private SearchQuality() {}

  /** The queries of a JSON Lines file. */
  public static List<Query> readQueries(Path file) {
    List<Query> queries = new ArrayList<>();
    for (JsonNode node : SearchCatalog.lines(file)) {
      Set<String> labels = new HashSet<>();
      node.path("labels").forEach(label -> labels.add(label.asText()));
      queries.add(
          new Query(
              node.path("id").asText(),
              node.path("query").asText(),
              labels,
              node.path("difficulty").asText("all")));
    }
    return queries;
  }

  /** The 1-based rank of the first label among {@code hits}, 0 when none is there. */
  static int firstLabelRank(List<SearchHit> hits, Set<String> labels) {
    for (int i = 0; i < hits.size(); i++) {
      if (labels.contains(hits.get(i).name())) {
        return i + 1;
      }
    }
    return 0;
  }

  /** Figures for all queries (key {@code all}) and per difficulty, searching the top 10. */
  public static Map<String, Figures> score(ToolRanker ranker, List<Query> queries) {
    Map<String, List<Integer>> ranks = new TreeMap<>();
    for (Query query : queries) {
      int rank = firstLabelRank(ranker.search(query.text(), 10, name -> true), query.labels());
      ranks.computeIfAbsent("all", k -> new ArrayList<>()).add(rank);
      ranks.computeIfAbsent(query.difficulty(), k -> new ArrayList<>()).add(rank);
    }
    Map<String, Figures> figures = new TreeMap<>();
    ranks.forEach((key, list) -> figures.put(key, figures(list)));
    return figures;
  }

  private static Figures figures(List<Integer> ranks) {
    double at1 = 0;
    double at5 = 0;
    double at10 = 0;
    double reciprocal = 0;
    for (int rank : ranks) {
      if (rank > 0) {
        at1 += rank <= 1 ? 1 : 0;
        at5 += rank <= 5 ? 1 : 0;
        at10 += rank <= 10 ? 1 : 0;
        reciprocal += 1.0 / rank;
      }
    }
    int n = ranks.size();
    return new Figures(n, at1 / n, at5 / n, at10 / n, reciprocal / n);
  }

  public static void main(String[] args) {
    Path catalog =
        SearchCatalog.locate(args.length > 0 ? args[0] : "shared/toolsearch/catalog/tools.jsonl");
    Path queries =
        SearchCatalog.locate(args.length > 1 ? args[1] : "shared/toolsearch/queries/dev.jsonl");
    ToolRanker ranker = new LexicalRankerFactory().build(SearchCatalog.read(catalog));
    score(ranker, readQueries(queries))
        .forEach(
            (key, figures) -> System.out.printf(Locale.ROOT, "lexical %-12s %s%n", key, figures));
  }
}
