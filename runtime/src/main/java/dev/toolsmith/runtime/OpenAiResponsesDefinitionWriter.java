package dev.toolsmith.runtime;

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
  public void write(StringBuilder out, ToolEntry entry) {
    out.append("{\"type\":\"function\",\"name\":");
    JsonText.string(out, entry.name()).append(",\"description\":");
    JsonText.string(out, entry.description());
    OpenAiDefinitionWriter.writeParameters(out, entry, strict, true);
    out.append('}');
  }
}
