package dev.toolsmith.runtime.search;

import static java.util.Objects.requireNonNull;

/**
 * One parameter of a tool as search sees it.
 *
 * @param name the property name in the tool's input schema
 * @param description its description ("" when it has none)
 */
public record SearchParameter(String name, String description) {

  public SearchParameter {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
  }
}
