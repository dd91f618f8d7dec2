package dev.toolsmith.schema.definition;

/** Writes one tool's definition in one provider's shape, as one JSON value of the array. */
@FunctionalInterface
interface DefinitionWriter {

  /**
   * Appends {@code tool} as one JSON object; schema texts are spliced in as they are, never parsed
   * again (a dialect not precomputed is derived from the schema).
   *
   * @throws RuntimeException when the tool cannot be written in this shape
   */
  void write(StringBuilder out, ToolDefinition tool);
}
