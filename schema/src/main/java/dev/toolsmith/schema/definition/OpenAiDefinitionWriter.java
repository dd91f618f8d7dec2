package dev.toolsmith.schema.definition;

import dev.toolsmith.schema.Dialects;

/**
 * The OpenAI Chat Completions shape: {@code
 * {"type":"function","function":{"name":N,"description":D,"parameters":SCHEMA}}}; a strict tool
 * (every tool when {@code strict}, else those marked {@code @Tool(strict = true)}) whose shape
 * allows it gets its strict schema and {@code "strict":true}.
 */
final class OpenAiDefinitionWriter extends DefinitionForm {

  private final boolean strict;

  OpenAiDefinitionWriter(boolean strict) {
    this.strict = strict;
  }

  /** A new writer, typed as its form: see {@code DefinitionFormat#form()}. */
  static DefinitionForm form(boolean strict) {
    return new OpenAiDefinitionWriter(strict);
  }

  @Override
  void write(StringBuilder out, ToolDefinition tool, boolean deferLoading) {
    out.append("{\"type\":\"function\",\"function\":{\"name\":");
    JsonText.string(out, tool.name()).append(",\"description\":");
    JsonText.string(out, tool.description());
    writeParameters(out, tool, strict, false);
    out.append("}}");
  }

  /**
   * Appends {@code ,"parameters":...} (strict when asked and possible) and, when strict or {@code
   * alwaysStrictField}, the {@code "strict"} flag.
   */
  static void writeParameters(
      StringBuilder out, ToolDefinition tool, boolean strict, boolean alwaysStrictField) {
    String strictSchema = strict || tool.strict() ? strictSchema(tool) : "";
    out.append(",\"parameters\":");
    if (!strictSchema.isEmpty()) {
      out.append(strictSchema).append(",\"strict\":true");
    } else {
      out.append(tool.schema());
      if (alwaysStrictField) {
        // The Responses API takes an absent flag as strict: say it is not.
        out.append(",\"strict\":false");
      }
    }
  }

  /** The tool's strict schema text, empty when it has none; derived when not precomputed. */
  private static String strictSchema(ToolDefinition tool) {
    String precomputed = tool.strictSchema();
    return precomputed != null ? precomputed : Dialects.openAiStrict(tool.schema()).orElse("");
  }
}
