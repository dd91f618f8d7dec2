package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * The OpenAI Responses API shape, flat: {@code
 * {"type":"function","name":N,"description":D,"parameters":SCHEMA,"strict":B}}.
 */
final class OpenAiResponsesDefinitionWriter implements DefinitionWriter {

  private final boolean strict;

  OpenAiResponsesDefinitionWriter(boolean strict) {
    this.strict = strict;
  }

  @Override
  public void write(JsonGenerator generator, ToolEntry entry) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("type", "function");
    generator.writeStringField("name", entry.name());
    generator.writeStringField("description", entry.description());
    OpenAiDefinitionWriter.writeParameters(generator, entry, strict, true);
    generator.writeEndObject();
  }
}
