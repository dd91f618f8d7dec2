package dev.toolsmith.schema.definition;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a tool's definition shows the model, in any {@link DefinitionFormat}: the fields each
 * provider's shape is written from, and the dialects of its schema when they were precomputed (the
 * processor's). Generated code builds one per tool with names; a registry entry holds it, and
 * schema overrides make a changed copy. A new field is added here, to the writers that show it, and
 * to the processor that fills it.
 *
 * @param name the name the model calls the tool by
 * @param description what the tool does, for the model
 * @param schema the JSON Schema of the arguments object, as JSON text, spliced in as it is
 * @param strict whether OpenAI-style definitions give this tool its strict schema even in a format
 *     that is not strict ({@code @Tool(strict = true)})
 * @param strictSchema the OpenAI strict variant of {@code schema}, empty for none; null when not
 *     precomputed (derived from {@code schema} when a definition needs it)
 * @param geminiSchema Gemini's {@code parameters} text, empty for none; null when not precomputed
 *     (derived from {@code schema} when a definition needs it)
 * @param title a human-readable name, empty for none (MCP only)
 * @param hints what the tool says about its behaviour (MCP only)
 * @param outputSchema the JSON Schema of the tool's results, null for none (MCP only)
 * @param inputExamples example arguments of whole calls, each a JSON object text that fits {@code
 *     schema}, spliced in as it is (Anthropic's {@code input_examples} only: the other providers
 *     have no such field)
 */
public record ToolDefinition(
    String name,
    String description,
    String schema,
    boolean strict,
    @Nullable String strictSchema,
    @Nullable String geminiSchema,
    String title,
    ToolHints hints,
    @Nullable String outputSchema,
    List<String> inputExamples) {

  /** Checks that the fields every shape writes are not null. */
  public ToolDefinition {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
    requireNonNull(schema, "schema == null");
    requireNonNull(title, "title == null");
    requireNonNull(hints, "hints == null");
    inputExamples = List.copyOf(requireNonNull(inputExamples, "inputExamples == null"));
  }

  /** A builder for the tool {@code name} with arguments {@code schema}; the rest empty or unset. */
  public static Builder builder(String name, String schema) {
    return new Builder(name).schema(schema);
  }

  /** A builder for the tool {@code name}; its schema must be set before {@link Builder#build}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** A builder holding this definition, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder =
        new Builder(name)
            .schema(schema)
            .description(description)
            .strict(strict)
            .title(title)
            .hints(hints)
            .outputSchema(outputSchema)
            .inputExamples(inputExamples);
    builder.strictSchema = strictSchema;
    builder.geminiSchema = geminiSchema;
    return builder;
  }

  /** The key a result whose output schema is not an object's is wrapped in, over MCP. */
  public static final String MCP_RESULT_KEY = McpDefinitionWriter.WRAPPED;

  /**
   * The output schema as MCP serves it: {@link #outputSchema} when it describes a JSON object, else
   * the wrapper {@code {"result": VALUE}} around it; null when the tool has none.
   */
  public @Nullable String mcpOutputSchema() {
    return outputSchema == null ? null : McpDefinitionWriter.mcp(outputSchema);
  }

  /**
   * Whether MCP serves this tool's results wrapped as {@code {"result": VALUE}}: it has an output
   * schema that does not describe a JSON object.
   */
  public boolean mcpWrapsResults() {
    return outputSchema != null && !McpDefinitionWriter.isObject(outputSchema);
  }

  /** Builds a {@link ToolDefinition} by name. */
  public static final class Builder {
    private final String name;
    private @Nullable String schema;
    private String description = "";
    private boolean strict;
    private @Nullable String strictSchema;
    private @Nullable String geminiSchema;
    private String title = "";
    private ToolHints hints = ToolHints.NONE;
    private @Nullable String outputSchema;
    private List<String> inputExamples = List.of();

    private Builder(String name) {
      this.name = requireNonNull(name, "name == null");
    }

    /** The tool's name, which a copy keeps. */
    public String name() {
      return name;
    }

    /**
     * The JSON Schema of the arguments object, as JSON text. A schema other than the one set drops
     * the precomputed variants, which belong to the schema they were derived from: set them after.
     */
    public Builder schema(String schema) {
      requireNonNull(schema, "schema == null");
      if (!schema.equals(this.schema)) {
        this.strictSchema = null;
        this.geminiSchema = null;
      }
      this.schema = schema;
      return this;
    }

    public Builder description(String description) {
      this.description = requireNonNull(description, "description == null");
      return this;
    }

    public Builder strict(boolean strict) {
      this.strict = strict;
      return this;
    }

    /**
     * The OpenAI strict variant of the schema, as {@code Dialects.openAiStrict} gives it, empty for
     * none (trusted as given); unset, a definition that needs it derives it from the schema.
     */
    public Builder strictSchema(String strictSchema) {
      this.strictSchema = requireNonNull(strictSchema, "strictSchema == null");
      return this;
    }

    /**
     * Gemini's {@code parameters} text, as {@code Dialects.gemini} gives it, empty for no
     * parameters (trusted as given); unset, a definition that needs it derives it from the schema.
     */
    public Builder geminiSchema(String geminiSchema) {
      this.geminiSchema = requireNonNull(geminiSchema, "geminiSchema == null");
      return this;
    }

    public Builder title(String title) {
      this.title = requireNonNull(title, "title == null");
      return this;
    }

    public Builder hints(ToolHints hints) {
      this.hints = requireNonNull(hints, "hints == null");
      return this;
    }

    /** The JSON Schema of the JSON text of the tool's results (trusted as given); null for none. */
    public Builder outputSchema(@Nullable String outputSchema) {
      this.outputSchema = outputSchema;
      return this;
    }

    /**
     * Example arguments of whole calls, each a JSON object text that fits the schema (trusted as
     * given: the processor checks them; {@code SchemaInstances} checks any other).
     */
    public Builder inputExamples(List<String> inputExamples) {
      this.inputExamples = List.copyOf(requireNonNull(inputExamples, "inputExamples == null"));
      return this;
    }

    /** The example arguments set, for a copy that checks them against a changed schema. */
    public List<String> inputExamples() {
      return inputExamples;
    }

    /**
     * The definition.
     *
     * @throws NullPointerException when no schema was set
     */
    public ToolDefinition build() {
      return new ToolDefinition(
          name,
          description,
          requireNonNull(schema, "schema == null"),
          strict,
          strictSchema,
          geminiSchema,
          title,
          hints,
          outputSchema,
          inputExamples);
    }
  }
}
