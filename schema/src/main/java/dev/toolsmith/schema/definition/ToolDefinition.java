package dev.toolsmith.schema.definition;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * What a tool's definition shows the model, in any {@link DefinitionFormat}: the fields each
 * provider's shape is written from. A registry entry makes one when a listing first needs its text;
 * the processor makes the same at compile time to count each definition's tokens.
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
    @Nullable String outputSchema) {

  /** Checks that the fields every shape writes are not null. */
  public ToolDefinition {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
    requireNonNull(schema, "schema == null");
    requireNonNull(title, "title == null");
    requireNonNull(hints, "hints == null");
  }

  /** A builder for the tool {@code name} with arguments {@code schema}; the rest empty or unset. */
  public static Builder builder(String name, String schema) {
    return new Builder(name, schema);
  }

  /** Builds a {@link ToolDefinition} by name. */
  public static final class Builder {
    private final String name;
    private final String schema;
    private String description = "";
    private boolean strict;
    private @Nullable String strictSchema;
    private @Nullable String geminiSchema;
    private String title = "";
    private ToolHints hints = ToolHints.NONE;
    private @Nullable String outputSchema;

    private Builder(String name, String schema) {
      this.name = requireNonNull(name, "name == null");
      this.schema = requireNonNull(schema, "schema == null");
    }

    public Builder description(String description) {
      this.description = requireNonNull(description, "description == null");
      return this;
    }

    public Builder strict(boolean strict) {
      this.strict = strict;
      return this;
    }

    /** The precomputed strict variant, empty for none; null to derive it when needed. */
    public Builder strictSchema(@Nullable String strictSchema) {
      this.strictSchema = strictSchema;
      return this;
    }

    /** The precomputed Gemini parameters, empty for none; null to derive them when needed. */
    public Builder geminiSchema(@Nullable String geminiSchema) {
      this.geminiSchema = geminiSchema;
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

    public Builder outputSchema(@Nullable String outputSchema) {
      this.outputSchema = outputSchema;
      return this;
    }

    public ToolDefinition build() {
      return new ToolDefinition(
          name,
          description,
          schema,
          strict,
          strictSchema,
          geminiSchema,
          title,
          hints,
          outputSchema);
    }
  }
}
