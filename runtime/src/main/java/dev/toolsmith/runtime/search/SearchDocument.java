package dev.toolsmith.runtime.search;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.support.PrecomputedTerms;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a ranker knows of one tool: the fields a query is matched against.
 *
 * @param name the tool's registry name, as the model calls it
 * @param description the tool's description ("" when it has none)
 * @param toolset the tool's toolset name ("" when it has none)
 * @param toolsetDescription the toolset's description ("" when it has none)
 * @param parameters the tool's top-level parameters, in schema order
 * @param keywords extra search words the tool's author gave
 * @param precomputed the terms of the fields above (all but the toolset's description) as the
 *     processor analysed them for a compiled tool, trusted as given; null for any other tool
 */
public record SearchDocument(
    String name,
    String description,
    String toolset,
    String toolsetDescription,
    List<SearchParameter> parameters,
    List<String> keywords,
    @Nullable PrecomputedTerms precomputed) {

  /** A document whose terms are analysed from its text. */
  public SearchDocument(
      String name,
      String description,
      String toolset,
      String toolsetDescription,
      List<SearchParameter> parameters,
      List<String> keywords) {
    this(name, description, toolset, toolsetDescription, parameters, keywords, null);
  }

  public SearchDocument {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
    requireNonNull(toolset, "toolset == null");
    requireNonNull(toolsetDescription, "toolsetDescription == null");
    parameters = List.copyOf(parameters);
    keywords = List.copyOf(keywords);
  }
}
