package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.availability.RequiresEnvCheck;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One tool as the registry holds it, immutable: the registry's contract (toolset, handler, check,
 * required environment variables, emoji, result limit, what search and deferral read) around one
 * {@link ToolDefinition}, what the model sees; what is computed from it is kept beside it. The
 * reference contract's ten fields are here: name, schema and description in the definition, the
 * async flag in the handler's kind, the others as fields.
 */
public final class ToolEntry {

  /** Orders entries by name, as a generated index lists them. */
  public static final Comparator<ToolEntry> BY_NAME = new ByName();

  private final ToolDefinition definition;
  private final String toolset;
  private final ToolHandler handler;
  private final @Nullable BooleanSupplier check;
  private final List<String> requiresEnv;
  private final String emoji;
  private final int maxResultChars;
  private final @Nullable Supplier<? extends Map<String, ?>> schemaOverrides;
  private final List<String> keywords;
  private final boolean alwaysLoaded;
  private final @Nullable Duration deadline;
  private final boolean requiresApproval;
  private final boolean schemaChecked;
  private final ComputedDefinition computed;

  ToolEntry(ToolEntryBuilder builder) {
    this.definition = builder.definition.build();
    this.toolset = builder.toolset;
    this.handler = requireNonNull(builder.handler, "handler == null");
    this.requiresEnv = builder.requiresEnv;
    // A RequiresEnvCheck checks the variables of the tool it is given to.
    this.check =
        builder.check instanceof RequiresEnvCheck env
            ? env.forVariables(requiresEnv)
            : builder.check;
    this.emoji = builder.emoji;
    this.maxResultChars = builder.maxResultChars;
    this.schemaOverrides = builder.schemaOverrides;
    this.keywords = builder.keywords;
    this.alwaysLoaded = builder.alwaysLoaded;
    this.deadline = builder.deadline;
    this.requiresApproval = builder.requiresApproval;
    this.schemaChecked = builder.schemaChecked;
    this.computed = ComputedDefinition.of(builder.copyOf, this, builder.searchTerms);
  }

  /** A builder for a tool named {@code name} in {@code toolset}; its schema must be set. */
  public static ToolEntryBuilder builder(String name, String toolset) {
    return new ToolEntryBuilder(ToolDefinition.builder(name), toolset);
  }

  /** A builder for the tool {@code definition} shows, in {@code toolset}. */
  public static ToolEntryBuilder builder(ToolDefinition definition, String toolset) {
    return new ToolEntryBuilder(definition.toBuilder(), toolset);
  }

  /** A builder holding this entry's fields, to derive a changed copy. */
  public ToolEntryBuilder toBuilder() {
    ToolEntryBuilder builder =
        new ToolEntryBuilder(definition.toBuilder(), toolset)
            .handler(handler)
            .check(check)
            .requiresEnv(requiresEnv)
            .emoji(emoji)
            .maxResultChars(maxResultChars)
            .schemaOverrides(schemaOverrides)
            .keywords(keywords)
            .alwaysLoaded(alwaysLoaded)
            .deadline(deadline)
            .requiresApproval(requiresApproval);
    builder.schemaChecked = schemaChecked;
    builder.searchTerms = computed.searchTerms();
    builder.copyOf = this;
    return builder;
  }

  /** What the model sees of the tool: name, description, schemas, title, hints. */
  public ToolDefinition definition() {
    return definition;
  }

  /** The name the model calls the tool by: the definition's. */
  public String name() {
    return definition.name();
  }

  /** The toolset the tool belongs to. */
  public String toolset() {
    return toolset;
  }

  /** Whether the schema was checked to be one JSON object where it was written. */
  boolean schemaChecked() {
    return schemaChecked;
  }

  /** What runs the tool. */
  public ToolHandler handler() {
    return handler;
  }

  /** The tool's availability check, if it declares one. */
  public Optional<BooleanSupplier> check() {
    return Optional.ofNullable(check);
  }

  /** Environment variables the tool needs. */
  public List<String> requiresEnv() {
    return requiresEnv;
  }

  /** Whether the handler completes later ({@link ToolHandler.Async}): the async flag. */
  public boolean isAsync() {
    return handler instanceof ToolHandler.Async;
  }

  /** The tool's emoji; empty when it has none ({@link ToolRegistry#emoji} gives the default). */
  public String emoji() {
    return emoji;
  }

  /** The largest result in characters the tool may return, or empty for the registry's default. */
  public OptionalInt maxResultChars() {
    return maxResultChars < 0 ? OptionalInt.empty() : OptionalInt.of(maxResultChars);
  }

  /** What the tool's definition changes at each listing, if any: see the builder's. */
  public Optional<Supplier<? extends Map<String, ?>>> schemaOverrides() {
    return Optional.ofNullable(schemaOverrides);
  }

  /** Words search matches besides the name, description and parameters; never shown. */
  public List<String> keywords() {
    return keywords;
  }

  /** Whether a deferred listing always sends it in full ({@code @Tool(deferred = false)}). */
  public boolean alwaysLoaded() {
    return alwaysLoaded;
  }

  /**
   * How long a call of the tool may run ({@code @Tool(deadlineMillis = ...)}), unless the
   * registry's guards configure another for it: at expiry the call is cancelled and the model told.
   */
  public Optional<Duration> deadline() {
    return Optional.ofNullable(deadline);
  }

  /**
   * Whether every call needs approval, whatever the hints ({@code @Tool(requiresApproval = true)}):
   * an {@code ApprovalGuard} asks for it.
   */
  public boolean requiresApproval() {
    return requiresApproval;
  }

  /** {@link #deadline()} without the optional, for the call pipeline. */
  @Nullable Duration declaredDeadline() {
    return deadline;
  }

  /**
   * The tokens of the tool's static definition in {@code format}, counted on first need: o200k_base
   * when jtokkit is on the class path, else a token per four characters; a provider bills its own
   * rendering, so an estimate for each. Empty for a format that cannot write the tool.
   */
  public OptionalInt definitionTokens(DefinitionFormat format) {
    return computed.tokens(definition, format);
  }

  /**
   * What tool search reads of this entry: name, description, top-level parameters, toolset (with
   * {@code toolsetDescription}), keywords, and the terms the processor analysed them into, if any.
   */
  public SearchDocument searchDocument(String toolsetDescription) {
    return computed.searchDocument(this, toolsetDescription);
  }

  /** What is computed from the definition: its texts and token counts, its search terms. */
  ComputedDefinition computed() {
    return computed;
  }

  @Override
  public String toString() {
    return "ToolEntry{" + name() + " in " + toolset + (isAsync() ? ", async" : "") + "}";
  }

  /** A class, not {@code Comparator.comparing}, which spins classes at every start-up. */
  private static final class ByName implements Comparator<ToolEntry> {
    @Override
    public int compare(ToolEntry a, ToolEntry b) {
      return a.name().compareTo(b.name());
    }
  }
}
