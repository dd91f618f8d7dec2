package dev.toolsmith.schema.definition;

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
  public void write(StringBuilder out, ToolDefinition tool) {
    out.append("{\"type\":\"function\",\"name\":");
    JsonText.string(out, tool.name()).append(",\"description\":");
    JsonText.string(out, tool.description());
    OpenAiDefinitionWriter.writeParameters(out, tool, strict, true);
    out.append('}');
  }
}
