package demo.async;

import dev.toolsmith.annotations.Tool;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Slow lookups. */
public final class Lookups {
  private Lookups() {}

  /**
   * Looks a word up in the dictionary.
   *
   * @param word the word
   */
  @Tool(readOnly = dev.toolsmith.annotations.Hint.TRUE)
  public static CompletionStage<String> define(String word) {
    return CompletableFuture.completedFuture(word + ": a word");
  }
}
