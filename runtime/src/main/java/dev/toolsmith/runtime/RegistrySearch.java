package dev.toolsmith.runtime;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.ToolRankers;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The registry's search index: a ranker over its tools, made on the first search and remade on the
 * first search after the registry changed (its generation moved), so registrations and removals are
 * always seen. A remake re-uses what the last one made of the entries still there (their documents,
 * and through the factory their terms or vectors): a change costs the tools it touched.
 */
final class RegistrySearch {

  private final @Nullable ToolRankerFactory chosen;
  private volatile @Nullable Built built;

  /** The index of one registry state: the entries and toolsets it was made from, by instance. */
  private record Built(
      long generation,
      ToolRanker ranker,
      ToolRankerFactory factory,
      Map<String, ToolEntry> entries,
      Map<String, ToolsetDefinition> toolsets,
      IdentityHashMap<ToolEntry, SearchDocument> documents) {}

  /** Searches with {@code chosen}, or when null with the most preferred ranker found. */
  RegistrySearch(@Nullable ToolRankerFactory chosen) {
    this.chosen = chosen;
  }

  /** The ranker over {@code snapshot}'s tools; made once per generation. */
  ToolRanker ranker(RegistryState snapshot) {
    Built current = built;
    if (current != null && current.generation() == snapshot.generation) {
      return current.ranker();
    }
    synchronized (this) {
      current = built;
      if (current == null || current.generation() != snapshot.generation) {
        current = next(current, snapshot);
        built = current;
      }
      return current.ranker();
    }
  }

  private Built next(@Nullable Built previous, RegistryState snapshot) {
    if (previous != null
        && previous.entries() == snapshot.byName
        && previous.toolsets() == snapshot.definitions) {
      // Only availability moved: the tools and their texts are the same.
      return new Built(
          snapshot.generation,
          previous.ranker(),
          previous.factory(),
          previous.entries(),
          previous.toolsets(),
          previous.documents());
    }
    IdentityHashMap<ToolEntry, SearchDocument> documents =
        new IdentityHashMap<>(snapshot.names.size() * 2);
    List<SearchDocument> inOrder = documents(snapshot, previous, documents);
    ToolRanker ranker;
    ToolRankerFactory factory;
    if (previous == null) {
      // ServiceLoader only on the first search: a registry that never searches pays nothing.
      factory = chosen != null ? chosen : ToolRankers.preferred();
      ranker = factory.build(inOrder);
    } else {
      factory = previous.factory();
      ranker = factory.rebuild(previous.ranker(), inOrder);
    }
    return new Built(
        snapshot.generation, ranker, factory, snapshot.byName, snapshot.definitions, documents);
  }

  /**
   * Each entry's document in name order, also put in {@code byEntry}; the one {@code previous} made
   * for the same entry is taken again while its toolset's description is unchanged.
   */
  private static List<SearchDocument> documents(
      RegistryState snapshot,
      @Nullable Built previous,
      IdentityHashMap<ToolEntry, SearchDocument> byEntry) {
    List<SearchDocument> documents = new ArrayList<>(snapshot.names.size());
    for (String name : snapshot.names) {
      ToolEntry entry = snapshot.byName.get(name);
      if (entry == null) {
        continue;
      }
      ToolsetDefinition toolset = snapshot.definitions.get(entry.toolset());
      String toolsetDescription = toolset == null ? "" : toolset.description();
      SearchDocument made = previous == null ? null : previous.documents().get(entry);
      if (made == null || !made.toolsetDescription().equals(toolsetDescription)) {
        made = entry.searchDocument(toolsetDescription);
      }
      byEntry.put(entry, made);
      documents.add(made);
    }
    return documents;
  }
}
