package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonFactory;

/**
 * The one thread-safe {@link JsonFactory} that generated adapters read arguments and write results
 * with.
 */
public final class ArgumentJson {

  /** Shared factory; Jackson factories are thread-safe and costly enough to create once. */
  public static final JsonFactory FACTORY =
      JsonFactory.builder()
          // A repeated property would otherwise be read twice, the last silently winning.
          .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  /**
   * The factory a call's arguments are parsed with: without Jackson's duplicate detection, which
   * allocates a set for every object read. The readers detect repeated properties themselves
   * ({@link ObjectShape} with bits, maps and free-form trees by key), with the same problem.
   */
  static final JsonFactory ARGUMENTS = JsonFactory.builder().build();

  private ArgumentJson() {}
}
