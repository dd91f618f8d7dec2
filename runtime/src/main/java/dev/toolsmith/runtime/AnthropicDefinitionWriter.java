package dev.toolsmith.runtime;

/** The Anthropic Messages API shape: {@code {"name":N,"description":D,"input_schema":SCHEMA}}. */
final class AnthropicDefinitionWriter implements DefinitionWriter {

  @Override
  public void write(StringBuilder out, ToolEntry entry) {
    out.append("{\"name\":");
    JsonText.string(out, entry.name()).append(",\"description\":");
    JsonText.string(out, entry.description());
    out.append(",\"input_schema\":").append(entry.schema()).append('}');
  }
}
