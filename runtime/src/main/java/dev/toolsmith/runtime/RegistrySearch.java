package dev.toolsmith.runtime;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.ToolRankers;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The registry's search index: a ranker over its tools, rebuilt on the first search after the
 * registry changed (its generation moved), so registrations and removals are always seen.
 */
final class RegistrySearch {

  private final @Nullable ToolRankerFactory chosen;
  private volatile @Nullable Built built;

  private record Built(long generation, ToolRanker ranker) {}

  /** Searches with {@code chosen}, or when null with the most preferred ranker found. */
  RegistrySearch(@Nullable ToolRankerFactory chosen) {
    this.chosen = chosen;
  }

  /** The ranker over {@code snapshot}'s tools; built once per generation. */
  ToolRanker ranker(RegistryState snapshot) {
    Built current = built;
    if (current != null && current.generation() == snapshot.generation) {
      return current.ranker();
    }
    synchronized (this) {
      current = built;
      if (current == null || current.generation() != snapshot.generation) {
        // ServiceLoader only on the first search: a registry that never searches pays nothing.
        ToolRankerFactory factory = chosen != null ? chosen : ToolRankers.preferred();
        current = new Built(snapshot.generation, factory.build(documents(snapshot)));
        built = current;
      }
      return current.ranker();
    }
  }

  private static List<SearchDocument> documents(RegistryState snapshot) {
    List<SearchDocument> documents = new ArrayList<>(snapshot.names.size());
    for (String name : snapshot.names) {
      ToolEntry entry = snapshot.byName.get(name);
      if (entry == null) {
        continue;
      }
      ToolsetDefinition toolset = snapshot.definitions.get(entry.toolset());
      documents.add(
          new SearchDocument(
              name,
              entry.description(),
              entry.toolset(),
              toolset == null ? "" : toolset.description(),
              SearchParameter.fromSchema(entry.schema()),
              entry.keywords()));
    }
    return documents;
  }
}
