package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * The OpenAI Chat Completions shape:
 * {@code {"type":"function","function":{"name":N,"description":D,"parameters":SCHEMA}}}.
 */
final class OpenAiDefinitionWriter implements DefinitionWriter {

  @Override
  public void write(JsonGenerator generator, ToolEntry entry) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("type", "function");
    generator.writeFieldName("function");
    generator.writeStartObject();
    generator.writeStringField("name", entry.name());
    generator.writeStringField("description", entry.description());
    generator.writeFieldName("parameters");
    generator.writeRawValue(entry.schema());
    generator.writeEndObject();
    generator.writeEndObject();
  }
}
