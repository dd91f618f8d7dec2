package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * The Model Context Protocol {@code Tool} shape of {@code tools/list}: {@code
 * {"name":N,"description":D,"inputSchema":SCHEMA}}, the schema JSON Schema 2020-12 as is.
 */
final class McpDefinitionWriter implements DefinitionWriter {

  @Override
  public void write(JsonGenerator generator, ToolEntry entry) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("name", entry.name());
    generator.writeStringField("description", entry.description());
    generator.writeFieldName("inputSchema");
    generator.writeRawValue(entry.schema());
    generator.writeEndObject();
  }
}
