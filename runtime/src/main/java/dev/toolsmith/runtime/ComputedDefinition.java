package dev.toolsmith.runtime;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import dev.toolsmith.runtime.support.SearchTermsSource;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.List;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * What is computed from one {@link ToolDefinition}, kept beside it: its text in each format and
 * that text's token count, made on first need, and the search terms the processor analysed it into.
 * Entries whose definitions are equal share one (a copy that changes nothing the model sees keeps
 * what was made).
 *
 * <p>The caches are racy on purpose, like {@link String#hashCode()}: every thread writes the same
 * value, and a definition never changes.
 */
final class ComputedDefinition {

  private static final int FORMATS = DefinitionFormat.values().length;

  private final @Nullable SearchTermsSource searchTerms;
  private final @Nullable String[] texts = new String[FORMATS];
  private final @Nullable String[] deferredTexts = new String[FORMATS];
  private final int[] tokens = new int[FORMATS]; // 0: not counted yet (a definition is never 0)

  ComputedDefinition(@Nullable SearchTermsSource searchTerms) {
    this.searchTerms = searchTerms;
  }

  /**
   * What {@code entry} computes: new, or what {@code from} computed when it is a copy of {@code
   * from} (see {@link #carried}); {@code terms} are the search terms its builder holds.
   */
  static ComputedDefinition of(
      @Nullable ToolEntry from, ToolEntry entry, @Nullable SearchTermsSource terms) {
    return from == null
        ? new ComputedDefinition(terms)
        : from.computed().carried(from.definition(), from.keywords(), entry, terms);
  }

  /**
   * What an entry copied from the one this belongs to (its {@code definition} and {@code keywords})
   * computes: this while its definition is the same, and these search terms, when {@code terms} are
   * this one's, while the fields they were analysed from (description, schema, keywords) are.
   */
  private ComputedDefinition carried(
      ToolDefinition definition,
      List<String> keywords,
      ToolEntry copy,
      @Nullable SearchTermsSource terms) {
    ToolDefinition now = copy.definition();
    boolean termsHold =
        terms != searchTerms
            || (definition.description().equals(now.description())
                && definition.schema().equals(now.schema())
                && keywords.equals(copy.keywords()));
    SearchTermsSource kept = termsHold ? terms : null;
    return definition.equals(now) && kept == searchTerms ? this : new ComputedDefinition(kept);
  }

  /** The search terms as the processor wrote them; null for a tool it did not compile. */
  @Nullable SearchTermsSource searchTerms() {
    return searchTerms;
  }

  /** What tool search reads of {@code entry}, with these search terms (see its method). */
  SearchDocument searchDocument(ToolEntry entry, String toolsetDescription) {
    ToolDefinition definition = entry.definition();
    SearchTermsSource terms = searchTerms;
    return new SearchDocument(
        definition.name(),
        definition.description(),
        entry.toolset(),
        toolsetDescription,
        SearchParameter.fromSchema(definition.schema()),
        entry.keywords(),
        terms == null ? null : terms.searchTerms());
  }

  /**
   * The definition's text in {@code format}, written once and then reused.
   *
   * @throws RuntimeException when {@code format} cannot write it (not cached: a later listing tries
   *     again and fails the same way)
   */
  @SuppressWarnings("EnumOrdinal") // a cache index within one run, never stored
  String text(ToolDefinition definition, DefinitionFormat format) {
    String text = texts[format.ordinal()];
    if (text == null) {
      text = format.definition(definition);
      texts[format.ordinal()] = text;
    }
    return text;
  }

  /**
   * The definition's text in {@code format} marked to load on demand ({@link
   * DefinitionFormat#deferredDefinition}), written once and then reused.
   *
   * @throws RuntimeException as {@link #text} does
   */
  @SuppressWarnings("EnumOrdinal") // a cache index within one run, never stored
  String deferredText(ToolDefinition definition, DefinitionFormat format) {
    String text = deferredTexts[format.ordinal()];
    if (text == null) {
      text = format.deferredDefinition(definition);
      deferredTexts[format.ordinal()] = text;
    }
    return text;
  }

  /**
   * The token count of the definition's text in {@code format}, counted on first need (see {@link
   * DefinitionTokens}); empty when {@code format} cannot write it.
   */
  @SuppressWarnings("EnumOrdinal") // a cache index within one run, never stored
  OptionalInt tokens(ToolDefinition definition, DefinitionFormat format) {
    int count = tokens[format.ordinal()];
    if (count == 0) {
      try {
        count = DefinitionTokens.count(text(definition, format));
      } catch (RuntimeException cannot) {
        return OptionalInt.empty();
      }
      tokens[format.ordinal()] = count;
    }
    return OptionalInt.of(count);
  }
}
