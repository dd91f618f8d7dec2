package dev.toolsmith.runtime.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a ranker knows of one tool: the fields a query is matched against.
 *
 * @param name the tool's registry name, as the model calls it
 * @param description the tool's description ("" when it has none)
 * @param toolset the tool's toolset name ("" when it has none)
 * @param toolsetDescription the toolset's description ("" when it has none)
 * @param parameters the tool's top-level parameters, in schema order
 * @param keywords extra search words the tool's author gave
 */
public record SearchDocument(
    String name,
    String description,
    String toolset,
    String toolsetDescription,
    List<SearchParameter> parameters,
    List<String> keywords) {

  public SearchDocument {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
    requireNonNull(toolset, "toolset == null");
    requireNonNull(toolsetDescription, "toolsetDescription == null");
    parameters = List.copyOf(parameters);
    keywords = List.copyOf(keywords);
  }
}
