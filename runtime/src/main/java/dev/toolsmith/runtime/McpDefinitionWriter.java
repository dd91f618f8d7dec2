package dev.toolsmith.runtime;

/**
 * The Model Context Protocol {@code Tool} shape of {@code tools/list}: {@code
 * {"name":N,"description":D,"inputSchema":SCHEMA}}, the schema JSON Schema 2020-12 as is.
 */
final class McpDefinitionWriter implements DefinitionWriter {

  @Override
  public void write(StringBuilder out, ToolEntry entry) {
    out.append("{\"name\":");
    JsonText.string(out, entry.name()).append(",\"description\":");
    JsonText.string(out, entry.description());
    out.append(",\"inputSchema\":").append(entry.schema()).append('}');
  }
}
