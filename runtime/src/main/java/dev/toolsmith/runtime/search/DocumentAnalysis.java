package dev.toolsmith.runtime.search;

import dev.toolsmith.runtime.support.PrecomputedTerms;
import dev.toolsmith.schema.search.FieldTerms;
import dev.toolsmith.schema.search.SearchTerms;
import dev.toolsmith.schema.search.ToolTerms;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The terms of documents for one build of the lexical ranker: a compiled tool's as the processor
 * wrote them when they are of this analysis, any other's analysed from its text; each toolset
 * description, which many tools share, analysed once.
 */
final class DocumentAnalysis {

  private final Map<String, FieldTerms> toolsetDescriptions = new HashMap<>();

  /** The terms of {@code document}'s fields. */
  DocumentTerms terms(SearchDocument document) {
    PrecomputedTerms precomputed = document.precomputed();
    ToolTerms tool =
        precomputed == null
            ? analysed(document)
            : precomputed.terms().orElseGet(() -> analysed(document));
    FieldTerms toolsetDescription =
        toolsetDescriptions.computeIfAbsent(
            document.toolsetDescription(), text -> FieldTerms.of(SearchTerms.of(text)));
    return new DocumentTerms(tool, toolsetDescription);
  }

  /** The terms of {@code document}'s own fields, analysed from their text. */
  static ToolTerms analysed(SearchDocument document) {
    List<String> parameterNames = new ArrayList<>(document.parameters().size());
    List<String> parameterDescriptions = new ArrayList<>(document.parameters().size());
    for (SearchParameter parameter : document.parameters()) {
      parameterNames.add(parameter.name());
      parameterDescriptions.add(parameter.description());
    }
    return ToolTerms.analyse(
        document.name(),
        document.description(),
        parameterNames,
        parameterDescriptions,
        document.toolset(),
        document.keywords());
  }

  /** What the lexical ranker reads of one document: its own fields' terms and its toolset's. */
  record DocumentTerms(ToolTerms tool, FieldTerms toolsetDescription) {

    /** The field at {@code index}: a {@link ToolTerms} field, or past them the toolset's. */
    FieldTerms field(int index) {
      return index < ToolTerms.FIELDS ? tool.field(index) : toolsetDescription;
    }
  }
}
