package dev.toolsmith.schema.definition;

/** The Anthropic Messages API shape: {@code {"name":N,"description":D,"input_schema":SCHEMA}}. */
final class AnthropicDefinitionWriter implements DefinitionWriter {

  @Override
  public void write(StringBuilder out, ToolDefinition tool) {
    out.append("{\"name\":");
    JsonText.string(out, tool.name()).append(",\"description\":");
    JsonText.string(out, tool.description());
    out.append(",\"input_schema\":").append(tool.schema()).append('}');
  }
}
