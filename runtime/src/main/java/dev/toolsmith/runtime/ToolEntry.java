package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * One tool as the registry holds it: the ten fields of the reference design, immutable.
 *
 * <p>The {@link #schema()} is the JSON Schema of the tool's arguments object, as JSON text; the
 * registry splices it into each provider's definition shape without parsing it again.
 */
public final class ToolEntry {

  private final String name;
  private final String toolset;
  private final String schema;
  private final ToolHandler handler;
  private final BooleanSupplier check;
  private final List<String> requiresEnv;
  private final String description;
  private final String emoji;
  private final int maxResultChars;
  private final boolean strict;

  private ToolEntry(Builder builder) {
    this.name = requireNonNull(builder.name, "name == null");
    this.toolset = requireNonNull(builder.toolset, "toolset == null");
    this.schema = requireNonNull(builder.schema, "schema == null");
    this.handler = requireNonNull(builder.handler, "handler == null");
    this.check = builder.check;
    this.requiresEnv = List.copyOf(builder.requiresEnv);
    this.description = requireNonNull(builder.description, "description == null");
    this.emoji = requireNonNull(builder.emoji, "emoji == null");
    this.maxResultChars = builder.maxResultChars;
    this.strict = builder.strict;
  }

  /** A builder for a tool named {@code name} in {@code toolset}. */
  public static Builder builder(String name, String toolset) {
    return new Builder(name, toolset);
  }

  /** A builder holding this entry's fields, to derive a changed copy. */
  public Builder toBuilder() {
    return new Builder(name, toolset)
        .schema(schema)
        .handler(handler)
        .check(check)
        .requiresEnv(requiresEnv)
        .description(description)
        .emoji(emoji)
        .maxResultChars(maxResultChars)
        .strict(strict);
  }

  /** The name the model calls the tool by. */
  public String name() {
    return name;
  }

  /** The toolset the tool belongs to. */
  public String toolset() {
    return toolset;
  }

  /** The JSON Schema of the tool's arguments object, as JSON text. */
  public String schema() {
    return schema;
  }

  /** What runs the tool. */
  public ToolHandler handler() {
    return handler;
  }

  /** The toolset's availability check, if the tool declares one. */
  public Optional<BooleanSupplier> check() {
    return Optional.ofNullable(check);
  }

  /** Environment variables the tool needs. */
  public List<String> requiresEnv() {
    return requiresEnv;
  }

  /** Whether the handler completes later ({@link ToolHandler.Async}). */
  public boolean isAsync() {
    return handler instanceof ToolHandler.Async;
  }

  /** What the tool does, for the model. */
  public String description() {
    return description;
  }

  /** The tool's emoji; empty when it has none (the registry then shows its default). */
  public String emoji() {
    return emoji;
  }

  /** The largest result in characters the tool may return, or empty for the registry's default. */
  public OptionalInt maxResultChars() {
    return maxResultChars < 0 ? OptionalInt.empty() : OptionalInt.of(maxResultChars);
  }

  /**
   * Whether OpenAI-style definitions give this tool its strict schema even when the format asked
   * for is not strict ({@code @Tool(strict = true)}).
   */
  public boolean strict() {
    return strict;
  }

  @Override
  public String toString() {
    return "ToolEntry{" + name + " in " + toolset + (isAsync() ? ", async" : "") + "}";
  }

  /** Collects a {@link ToolEntry}'s fields; {@code schema} and {@code handler} are required. */
  public static final class Builder {
    private final String name;
    private final String toolset;
    private String schema;
    private ToolHandler handler;
    private BooleanSupplier check;
    private List<String> requiresEnv = List.of();
    private String description = "";
    private String emoji = "";
    private int maxResultChars = -1;
    private boolean strict;

    private Builder(String name, String toolset) {
      this.name = requireNonNull(name, "name == null");
      this.toolset = requireNonNull(toolset, "toolset == null");
    }

    /** The JSON Schema of the arguments object, as JSON text. */
    public Builder schema(String schema) {
      this.schema = requireNonNull(schema, "schema == null");
      return this;
    }

    /** What runs the tool; an {@link ToolHandler.Async} handler makes the entry async. */
    public Builder handler(ToolHandler handler) {
      this.handler = requireNonNull(handler, "handler == null");
      return this;
    }

    /** The toolset's availability check; null for none. */
    public Builder check(BooleanSupplier check) {
      this.check = check;
      return this;
    }

    /** Environment variables the tool needs. */
    public Builder requiresEnv(List<String> requiresEnv) {
      this.requiresEnv = List.copyOf(requireNonNull(requiresEnv, "requiresEnv == null"));
      return this;
    }

    /** What the tool does, for the model. */
    public Builder description(String description) {
      this.description = requireNonNull(description, "description == null");
      return this;
    }

    /** The tool's emoji; empty for the registry's default. */
    public Builder emoji(String emoji) {
      this.emoji = requireNonNull(emoji, "emoji == null");
      return this;
    }

    /** The largest result in characters; negative for the registry's default. */
    public Builder maxResultChars(int maxResultChars) {
      this.maxResultChars = maxResultChars;
      return this;
    }

    /** Whether OpenAI-style definitions always give this tool its strict schema. */
    public Builder strict(boolean strict) {
      this.strict = strict;
      return this;
    }

    /** The entry. */
    public ToolEntry build() {
      return new ToolEntry(this);
    }
  }
}
