package dev.toolsmith.search.embeddings;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import java.util.List;

/**
 * The {@code semantic} ranker: each tool's text embedded once by the in-process all-MiniLM-L6-v2
 * model, each query embedded per search, ranked by cosine similarity.
 */
public final class SemanticRankerFactory implements ToolRankerFactory {

  /** Found through {@link java.util.ServiceLoader}. */
  public SemanticRankerFactory() {}

  @Override
  public String name() {
    return "semantic";
  }

  @Override
  public int preference() {
    return 10;
  }

  @Override
  public ToolRanker build(List<SearchDocument> documents) {
    return SemanticRanker.build(MiniLm.model(), List.copyOf(documents));
  }

  /** Each document's vector, as {@link #build(List)} makes them: for a build step to keep. */
  public List<float[]> vectors(List<SearchDocument> documents) {
    List<TextSegment> texts =
        documents.stream().map(d -> TextSegment.from(DocumentText.of(d))).toList();
    if (texts.isEmpty()) {
      return List.of();
    }
    return MiniLm.model().embedAll(texts).content().stream().map(Embedding::vector).toList();
  }

  /** A ranker over vectors made earlier by {@link #vectors}: {@code names.get(i)} has vector i. */
  public ToolRanker build(List<String> names, List<float[]> vectors) {
    if (names.size() != vectors.size()) {
      throw new IllegalArgumentException(
          "names and vectors must be as many; found " + names.size() + " and " + vectors.size());
    }
    return SemanticRanker.of(
        MiniLm.model(), names.toArray(String[]::new), vectors.toArray(float[][]::new));
  }
}
