package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** Writes one tool's definition in one provider's shape, as one JSON value of the array. */
@FunctionalInterface
interface DefinitionWriter {

  /**
   * Writes {@code entry} as one JSON object; the schema text is spliced raw with
   * {@link JsonGenerator#writeRawValue(String)}, never parsed again.
   */
  void write(JsonGenerator generator, ToolEntry entry) throws IOException;
}
