package dev.toolsmith.runtime.search;

import java.util.List;

/**
 * The runtime's ranker, {@code lexical}: BM25F over split names, descriptions, parameters, toolsets
 * and keywords, with light stemming; the default when no other ranker is on the class path.
 */
public final class LexicalRankerFactory implements ToolRankerFactory {

  /** The name a user selects it by. */
  public static final String NAME = "lexical";

  /** The factory ServiceLoader creates. */
  public LexicalRankerFactory() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int preference() {
    return 0;
  }

  @Override
  public ToolRanker build(List<SearchDocument> documents) {
    return new LexicalRanker(documents, null, new DocumentAnalysis()::terms);
  }

  /** Takes the terms of every document {@code previous} had from it; analyses the others. */
  @Override
  public ToolRanker rebuild(ToolRanker previous, List<SearchDocument> documents) {
    return new LexicalRanker(
        documents,
        previous instanceof LexicalRanker lexical ? lexical : null,
        new DocumentAnalysis()::terms);
  }
}
