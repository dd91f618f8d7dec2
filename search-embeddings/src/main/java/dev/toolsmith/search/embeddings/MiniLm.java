package dev.toolsmith.search.embeddings;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;

/** The one all-MiniLM-L6-v2 model of the process, loaded when a ranker first needs it. */
final class MiniLm {

  private MiniLm() {}

  /** Loading reads about 90 MB of ONNX model from the jar: once per process, not per ranker. */
  private static final class Holder {
    static final EmbeddingModel MODEL = new AllMiniLmL6V2EmbeddingModel();
  }

  static EmbeddingModel model() {
    return Holder.MODEL;
  }
}
