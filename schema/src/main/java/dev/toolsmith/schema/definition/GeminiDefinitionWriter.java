package dev.toolsmith.schema.definition;

import dev.toolsmith.schema.Dialects;

/**
 * The Gemini function-declaration shape, {@code {"name":N,"description":D,"parameters":SCHEMA}},
 * its schema cut to Gemini's OpenAPI subset by {@link Dialects#gemini(String)}; a tool without
 * arguments has no {@code parameters}, since Gemini rejects an object with no properties.
 */
final class GeminiDefinitionWriter extends DefinitionForm {

  /** A new writer, typed as its form: see {@code DefinitionFormat#form()}. */
  static DefinitionForm form() {
    return new GeminiDefinitionWriter();
  }

  @Override
  void write(StringBuilder out, ToolDefinition tool, boolean deferLoading) {
    out.append("{\"name\":");
    JsonText.string(out, tool.name()).append(",\"description\":");
    JsonText.string(out, tool.description());
    String parameters = tool.geminiSchema();
    // not precomputed (compiled adapters leave it out; hand-registered, MCP): derived on each
    // entry's first Gemini listing
    if (parameters == null) {
      parameters = Dialects.gemini(tool.schema());
    }
    if (!parameters.isEmpty()) {
      out.append(",\"parameters\":").append(parameters);
    }
    out.append('}');
  }
}
