package dev.toolsmith.schema.definition;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * The provider shape a tool's definition is written in: what the runtime's {@code
 * ToolRegistry.definitions(names, format)} lists, and what the processor counts tokens on.
 *
 * <p>Each format is one small {@link DefinitionWriter}; a new provider is a new constant and a case
 * of the switch that picks its writer. OpenAI's two shapes have a strict variant ({@link
 * #strict()}): every tool whose shape allows it gets its strict schema. In the plain variants, only
 * tools marked {@code @Tool(strict = true)} do. Compiled adapters carry token counts in declaration
 * order: a new format goes last.
 */
public enum DefinitionFormat {
  /**
   * OpenAI Chat Completions: {@code {"type":"function","function":{name, description,
   * parameters}}}.
   */
  OPENAI("openai"),

  /** {@link #OPENAI} with every tool strict where its shape allows. */
  OPENAI_STRICT("openai"),

  /** OpenAI Responses: {@code {"type":"function", name, description, parameters, strict}}. */
  OPENAI_RESPONSES("openai-responses"),

  /** {@link #OPENAI_RESPONSES} with every tool strict where its shape allows. */
  OPENAI_RESPONSES_STRICT("openai-responses"),

  /** Anthropic Messages: {@code {name, description, input_schema}}. */
  ANTHROPIC("anthropic"),

  /**
   * Gemini function declarations: {@code {name, description, parameters}} in its OpenAPI subset.
   */
  GEMINI("gemini"),

  /** MCP {@code tools/list} entries: {@code {name, description, inputSchema}} (2020-12). */
  MCP("mcp");

  private final String id;

  DefinitionFormat(String id) {
    this.id = id;
  }

  /** The format's command-line name: openai, openai-responses, anthropic, gemini or mcp. */
  public String id() {
    return id;
  }

  /** The strict variant of this format; formats without a strict mode return themselves. */
  public DefinitionFormat strict() {
    return switch (this) {
      case OPENAI -> OPENAI_STRICT;
      case OPENAI_RESPONSES -> OPENAI_RESPONSES_STRICT;
      default -> this;
    };
  }

  /** Whether this is a strict variant. */
  public boolean isStrict() {
    return this == OPENAI_STRICT || this == OPENAI_RESPONSES_STRICT;
  }

  /**
   * The plain format named {@code id} (openai, openai-responses, anthropic, gemini, mcp; case and
   * underscores ignored).
   *
   * @throws IllegalArgumentException for any other name
   */
  public static DefinitionFormat of(String id) {
    requireNonNull(id, "id == null");
    String wanted = id.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (DefinitionFormat format : values()) {
      if (!format.isStrict() && format.id.equals(wanted)) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "unknown definition format \""
            + id
            + "\"; expected openai, openai-responses, anthropic,"
            + " gemini or mcp");
  }

  /**
   * The definition of {@code tool} in this format, as one JSON object text: schema texts spliced in
   * as they are, a dialect not precomputed derived from the schema.
   *
   * @throws RuntimeException when the tool cannot be written in this shape (a schema with no
   *     variant the shape needs)
   */
  public String definition(ToolDefinition tool) {
    StringBuilder out =
        new StringBuilder(128 + tool.schema().length() + tool.description().length());
    writer().write(out, tool);
    return out.toString();
  }

  /**
   * This format's writer, made when asked rather than with the constants: a program that lists in
   * one format loads that format's writer alone (the MCP writer, for one, loads Jackson).
   */
  private DefinitionWriter writer() {
    return switch (this) {
      case OPENAI -> new OpenAiDefinitionWriter(false);
      case OPENAI_STRICT -> new OpenAiDefinitionWriter(true);
      case OPENAI_RESPONSES -> new OpenAiResponsesDefinitionWriter(false);
      case OPENAI_RESPONSES_STRICT -> new OpenAiResponsesDefinitionWriter(true);
      case ANTHROPIC -> new AnthropicDefinitionWriter();
      case GEMINI -> new GeminiDefinitionWriter();
      case MCP -> new McpDefinitionWriter();
    };
  }
}
