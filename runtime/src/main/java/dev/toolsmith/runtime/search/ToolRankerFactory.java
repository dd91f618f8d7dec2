package dev.toolsmith.runtime.search;

import java.util.List;

/**
 * Builds a {@link ToolRanker} over a set of tools; found through {@link java.util.ServiceLoader},
 * so a ranker in an optional module (a semantic one, say) is used when its jar is present.
 */
public interface ToolRankerFactory {

  /** The ranker's name, as a user selects it: {@code lexical}, {@code semantic}, {@code hybrid}. */
  String name();

  /**
   * Which ranker to prefer when the user names none: the highest available wins (the lexical one in
   * the runtime is 0).
   */
  default int preference() {
    return 0;
  }

  /** A ranker over exactly these documents. */
  ToolRanker build(List<SearchDocument> documents);

  /**
   * A ranker over exactly these documents, as {@link #build} makes it, that re-uses what {@code
   * previous} (a ranker this factory built or rebuilt) made of the documents it had too: their
   * analysed terms, their vectors. An index calls it after its tools changed, so adding or removing
   * a few tools among many costs those few. By default it builds anew.
   */
  default ToolRanker rebuild(ToolRanker previous, List<SearchDocument> documents) {
    return build(documents);
  }
}
