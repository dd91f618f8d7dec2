package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Optional;

/**
 * The OpenAI Chat Completions shape: {@code
 * {"type":"function","function":{"name":N,"description":D,"parameters":SCHEMA}}}; a strict tool
 * (every tool when {@code strict}, else those marked {@code @Tool(strict = true)}) whose shape
 * allows it gets its strict schema and {@code "strict":true}.
 */
final class OpenAiDefinitionWriter implements DefinitionWriter {

  private final boolean strict;

  OpenAiDefinitionWriter(boolean strict) {
    this.strict = strict;
  }

  @Override
  public void write(JsonGenerator generator, ToolEntry entry) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("type", "function");
    generator.writeFieldName("function");
    generator.writeStartObject();
    generator.writeStringField("name", entry.name());
    generator.writeStringField("description", entry.description());
    writeParameters(generator, entry, strict, false);
    generator.writeEndObject();
    generator.writeEndObject();
  }

  /**
   * Writes {@code "parameters"} (strict when asked and possible) and, when strict or {@code
   * alwaysStrictField}, the {@code "strict"} flag.
   */
  static void writeParameters(
      JsonGenerator generator, ToolEntry entry, boolean strict, boolean alwaysStrictField)
      throws IOException {
    Optional<Object> strictSchema =
        strict || entry.strict() ? StrictSchema.of(entry.schema()) : Optional.empty();
    generator.writeFieldName("parameters");
    if (strictSchema.isPresent()) {
      SchemaTree.write(generator, strictSchema.get());
      generator.writeBooleanField("strict", true);
    } else {
      generator.writeRawValue(entry.schema());
      if (alwaysStrictField) {
        // The Responses API takes an absent flag as strict: say it is not.
        generator.writeBooleanField("strict", false);
      }
    }
  }
}
