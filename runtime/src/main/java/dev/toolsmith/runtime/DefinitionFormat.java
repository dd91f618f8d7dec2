package dev.toolsmith.runtime;

/**
 * The provider shape {@link ToolRegistry#definitions(java.util.Collection, DefinitionFormat)}
 * writes each tool's definition in.
 *
 * <p>Each format is one small {@link DefinitionWriter}; a new provider is a new constant with its
 * writer.
 */
public enum DefinitionFormat {
  /** OpenAI Chat Completions: {@code {"type":"function","function":{name, description, parameters}}}. */
  OPENAI(new OpenAiDefinitionWriter());

  private final DefinitionWriter writer;

  DefinitionFormat(DefinitionWriter writer) {
    this.writer = writer;
  }

  DefinitionWriter writer() {
    return writer;
  }
}
