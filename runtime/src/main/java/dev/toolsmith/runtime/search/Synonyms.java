package dev.toolsmith.runtime.search;

import dev.toolsmith.schema.search.SearchTerms;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A few groups of common English words that tool descriptions and users word differently (the verbs
 * of reading, creating, changing and removing, and a few nouns of files and people); generic, not
 * fitted to any catalog.
 */
final class Synonyms {

  private static final List<List<String>> GROUPS =
      List.of(
          List.of("get", "fetch", "retrieve", "read", "obtain", "load"),
          List.of("list", "enumerate", "show", "display", "browse"),
          List.of("find", "search", "lookup", "query", "locate", "look"),
          List.of("create", "add", "new", "make", "insert"),
          List.of("delete", "remove", "erase", "drop", "destroy", "trash"),
          List.of("update", "edit", "modify", "change", "alter", "rename"),
          List.of("run", "execute", "invoke", "launch", "start"),
          List.of("stop", "kill", "terminate", "cancel", "halt", "end"),
          List.of("write", "save", "store", "put"),
          List.of("send", "post", "deliver"),
          List.of("folder", "directory", "dir"),
          List.of("user", "member", "person", "people", "account"),
          List.of("picture", "image", "photo", "screenshot"),
          List.of("web", "internet", "online"),
          List.of("doc", "document", "page"),
          List.of("issue", "ticket", "bug"),
          List.of("message", "email", "mail"),
          List.of("error", "exception", "failure", "crash"));

  private static final Map<String, Set<String>> BY_TERM = index();

  private Synonyms() {}

  /** The stems that share a group with {@code stem}, itself excluded; empty when none. */
  static Set<String> of(String stem) {
    return BY_TERM.getOrDefault(stem, Set.of());
  }

  private static Map<String, Set<String>> index() {
    Map<String, Set<String>> byTerm = new HashMap<>();
    for (List<String> group : GROUPS) {
      for (String word : group) {
        String stem = SearchTerms.stem(word);
        Set<String> others = byTerm.computeIfAbsent(stem, k -> new LinkedHashSet<>());
        for (String other : group) {
          String otherStem = SearchTerms.stem(other);
          if (!otherStem.equals(stem)) {
            others.add(otherStem);
          }
        }
      }
    }
    Map<String, Set<String>> frozen = new HashMap<>();
    byTerm.forEach((k, v) -> frozen.put(k, Set.copyOf(v)));
    return frozen;
  }
}
