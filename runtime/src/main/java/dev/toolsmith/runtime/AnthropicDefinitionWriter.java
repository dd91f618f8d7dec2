package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** The Anthropic Messages API shape: {@code {"name":N,"description":D,"input_schema":SCHEMA}}. */
final class AnthropicDefinitionWriter implements DefinitionWriter {

  @Override
  public void write(JsonGenerator generator, ToolEntry entry) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("name", entry.name());
    generator.writeStringField("description", entry.description());
    generator.writeFieldName("input_schema");
    generator.writeRawValue(entry.schema());
    generator.writeEndObject();
  }
}
