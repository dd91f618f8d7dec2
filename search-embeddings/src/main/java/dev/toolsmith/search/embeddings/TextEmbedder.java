package dev.toolsmith.search.embeddings;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;

/**
 * An in-process sentence embedding model the semantic ranker reads tools and queries with, each
 * used as its authors document it (BGE's query instruction); the models come with this module.
 */
public enum TextEmbedder {

  /** all-MiniLM-L6-v2 (6 layers, 384 dimensions): queries and tools embedded as they are. */
  MINILM_L6_V2(""),

  /**
   * BAAI's bge-small-en-v1.5 (12 layers, 384 dimensions): a query gets the instruction its model
   * card gives for retrieving passages; tools are embedded as they are.
   */
  BGE_SMALL_EN_V15("Represent this sentence for searching relevant passages: ");

  private final String queryInstruction;

  TextEmbedder(String queryInstruction) {
    this.queryInstruction = queryInstruction;
  }

  /** The model, loaded (from this module's jar) the first time any ranker needs it. */
  EmbeddingModel model() {
    return switch (this) {
      case MINILM_L6_V2 -> MiniLm.MODEL;
      case BGE_SMALL_EN_V15 -> BgeSmall.MODEL;
    };
  }

  /** The text a query is embedded from. */
  String queryText(String query) {
    return queryInstruction + query;
  }

  /** Loading reads about 90 MB of ONNX model: once per process, not per ranker. */
  private static final class MiniLm {
    static final EmbeddingModel MODEL = new AllMiniLmL6V2EmbeddingModel();
  }

  /** Loading reads about 130 MB of ONNX model: once per process, not per ranker. */
  private static final class BgeSmall {
    static final EmbeddingModel MODEL = new BgeSmallEnV15EmbeddingModel();
  }
}
