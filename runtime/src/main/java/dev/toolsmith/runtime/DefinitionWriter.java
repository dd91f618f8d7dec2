package dev.toolsmith.runtime;

/** Writes one tool's definition in one provider's shape, as one JSON value of the array. */
@FunctionalInterface
interface DefinitionWriter {

  /**
   * Appends {@code entry} as one JSON object; schema texts are spliced in as they are, never parsed
   * again (a dialect not precomputed on the entry is derived from its schema).
   *
   * @throws RuntimeException when the entry cannot be written in this shape
   */
  void write(StringBuilder out, ToolEntry entry);
}
