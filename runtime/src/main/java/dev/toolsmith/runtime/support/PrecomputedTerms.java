package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.schema.search.SearchTerms;
import dev.toolsmith.schema.search.ToolTerms;
import java.util.Optional;

/**
 * A tool's search terms analysed ahead of time (the processor writes them for each compiled tool):
 * the version of the analysis that made them and their written form.
 *
 * @param analysis the {@link SearchTerms#VERSION} of the analysis that made them
 * @param text the terms as {@link ToolTerms#write()} writes them
 */
public record PrecomputedTerms(int analysis, String text) implements SearchTermsSource {

  public PrecomputedTerms {
    requireNonNull(text, "text == null");
  }

  /** These terms themselves: terms given as they are need no source to load them from. */
  @Override
  public PrecomputedTerms searchTerms() {
    return this;
  }

  /**
   * The terms, when this runtime's analysis is the one that made them and the text is in its form;
   * empty otherwise, and the tool's text is analysed instead.
   */
  public Optional<ToolTerms> terms() {
    return analysis == SearchTerms.VERSION ? ToolTerms.read(text) : Optional.empty();
  }
}
