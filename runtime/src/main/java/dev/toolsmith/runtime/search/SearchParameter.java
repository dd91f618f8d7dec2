package dev.toolsmith.runtime.search;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.schema.search.SchemaProperties;
import java.util.ArrayList;
import java.util.List;

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

  /**
   * The top-level parameters of a tool's input schema (its {@code properties}), in schema order;
   * empty for a schema that has none or is not JSON.
   */
  public static List<SearchParameter> fromSchema(String schema) {
    requireNonNull(schema, "schema == null");
    List<SearchParameter> parameters = new ArrayList<>();
    SchemaProperties.forEach(
        schema, (name, description) -> parameters.add(new SearchParameter(name, description)));
    return parameters;
  }
}
