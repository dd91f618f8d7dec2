package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.availability.RequiresEnvCheck;
import dev.toolsmith.runtime.search.PrecomputedTerms;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import dev.toolsmith.runtime.search.SearchTermsSource;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One tool as the registry holds it: the ten fields of the reference contract, immutable, plus an
 * optional supplier of schema overrides.
 *
 * <p>The {@link #schema()} is the JSON Schema of the tool's arguments object, as JSON text; the
 * registry splices it into each provider's definition shape without parsing it again.
 */
public final class ToolEntry {

  /** Orders entries by name, as a generated index lists them. */
  public static final Comparator<ToolEntry> BY_NAME = new ByName();

  private static final int FORMATS = DefinitionFormat.values().length;
  private static final int[] NOT_COUNTED = {};

  private final String name;
  private final String toolset;
  private final String schema;
  private final ToolHandler handler;
  private final @Nullable BooleanSupplier check;
  private final List<String> requiresEnv;
  private final String description;
  private final String emoji;
  private final int maxResultChars;
  private final boolean strict;
  private final @Nullable Supplier<? extends Map<String, ?>> schemaOverrides;
  private final @Nullable String strictSchema; // null: derived when a listing needs it
  private final @Nullable String geminiSchema; // null: derived when a listing needs it
  private final String title;
  private final ToolHints hints;
  private final @Nullable String outputSchema;
  private final List<String> keywords;
  private final boolean alwaysLoaded;
  private final int[] definitionTokens; // by format ordinal; negative: not counted
  private final boolean schemaChecked;
  private final @Nullable SearchTermsSource searchTerms; // as the processor wrote them

  /**
   * Each format's definition text, by ordinal, written on the first listing that needs it. Racy on
   * purpose, like {@link String#hashCode()}: every thread writes the same immutable String, and the
   * entry never changes, so a replaced entry comes with a fresh cache.
   */
  private final @Nullable String[] definitions = new String[FORMATS];

  private ToolEntry(Builder builder) {
    this.name = requireNonNull(builder.name, "name == null");
    this.toolset = requireNonNull(builder.toolset, "toolset == null");
    this.schema = requireNonNull(builder.schema, "schema == null");
    this.handler = requireNonNull(builder.handler, "handler == null");
    this.requiresEnv = List.copyOf(builder.requiresEnv);
    // A RequiresEnvCheck checks the variables of the tool it is given to.
    this.check =
        builder.check instanceof RequiresEnvCheck env
            ? env.forVariables(requiresEnv)
            : builder.check;
    this.description = requireNonNull(builder.description, "description == null");
    this.emoji = requireNonNull(builder.emoji, "emoji == null");
    this.maxResultChars = builder.maxResultChars;
    this.strict = builder.strict;
    this.schemaOverrides = builder.schemaOverrides;
    // A dialect carried over by toBuilder() belongs to the old schema: a changed schema drops it.
    boolean schemaChanged = builder.carriedFor != null && !builder.carriedFor.equals(schema);
    this.strictSchema = schemaChanged && builder.strictCarried ? null : builder.strictSchema;
    this.geminiSchema = schemaChanged && builder.geminiCarried ? null : builder.geminiSchema;
    this.title = builder.title;
    this.hints = builder.hints;
    this.outputSchema = builder.outputSchema;
    this.keywords = List.copyOf(builder.keywords);
    this.alwaysLoaded = builder.alwaysLoaded;
    // Counts carried by toBuilder() are kept only while every field the definitions show is the
    // same.
    ToolEntry countedFrom = builder.tokensCountedFor;
    this.definitionTokens =
        countedFrom == null || countedFrom.sameDefinitionsAs(this)
            ? builder.definitionTokens
            : NOT_COUNTED;
    this.schemaChecked = builder.schemaChecked;
    // Terms carried by toBuilder() are kept only while every field they were analysed from is.
    ToolEntry analysedFrom = builder.termsAnalysedFor;
    boolean termsHold = analysedFrom == null || analysedFrom.sameSearchFieldsAs(this);
    this.searchTerms = termsHold ? builder.searchTerms : null;
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
        .strict(strict)
        .schemaOverrides(schemaOverrides)
        .title(title)
        .hints(hints)
        .outputSchema(outputSchema)
        .keywords(keywords)
        .alwaysLoaded(alwaysLoaded)
        .precomputed(strictSchema, geminiSchema)
        .schemaChecked(schemaChecked)
        .countedTokens(definitionTokens, this)
        .analysedTerms(searchTerms, this);
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

  /**
   * Whether the schema was checked to be one JSON object where it was written (the processor's
   * entries): registration need not parse it again.
   */
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

  /** Whether the handler completes later ({@link ToolHandler.Async}). */
  public boolean isAsync() {
    return handler instanceof ToolHandler.Async;
  }

  /** What the tool does, for the model. */
  public String description() {
    return description;
  }

  /**
   * The tool's emoji; empty when it has none ({@link ToolRegistry#emoji} then gives the default).
   */
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

  /**
   * What the tool's definition changes at each listing, if it declares it: see {@link
   * Builder#schemaOverrides}.
   */
  public Optional<Supplier<? extends Map<String, ?>>> schemaOverrides() {
    return Optional.ofNullable(schemaOverrides);
  }

  /** A human-readable name for the tool, for people rather than the model; empty when none. */
  public String title() {
    return title;
  }

  /**
   * What the tool says about its behaviour (read-only, destructive, ...); see {@link ToolHints}.
   */
  public ToolHints hints() {
    return hints;
  }

  /**
   * The JSON Schema (2020-12) of the JSON text the tool's successful results are, if known: for a
   * compiled tool, written from its return type (a {@code String} or {@code void} tool has none);
   * for a tool of an MCP server, the {@code {"result":...,"structuredContent":...}} object its
   * calls give, with the server's output schema as {@code structuredContent}. Error results and
   * results spilled for their size are not described by it.
   */
  public Optional<String> outputSchema() {
    return Optional.ofNullable(outputSchema);
  }

  /**
   * Words tool search matches besides the tool's name, description and parameters
   * ({@code @Tool(keywords)}); no definition carries them.
   */
  public List<String> keywords() {
    return keywords;
  }

  /**
   * Whether a deferred listing always sends this tool's definition in full, as if the deferral
   * policy named it ({@code @Tool(deferred = false)}). It is callable either way.
   */
  public boolean alwaysLoaded() {
    return alwaysLoaded;
  }

  /**
   * How many tokens this tool's definition in {@code format} is, counted when the processor
   * compiled the tool: the o200k_base tokens (OpenAI's GPT-4o and later tokenizer) of the
   * definition's JSON text exactly as a listing writes it. Empty for a tool not compiled by the
   * processor (MCP servers', plugins' without an index, hand-built entries), for a tool with schema
   * overrides (its definition is made at run time), and for a format the processor could not write
   * the tool in. The count is exact for that text under o200k_base; what a provider bills for a
   * tool is its own rendering of it (OpenAI's and the others' prompt formats, Anthropic's and
   * Google's tokenizers are not published), so for every provider it is an estimate of the cost.
   */
  @SuppressWarnings("EnumOrdinal") // the processor writes counts in the formats' declaration order
  public OptionalInt definitionTokens(DefinitionFormat format) {
    int ordinal = format.ordinal();
    return ordinal < definitionTokens.length && definitionTokens[ordinal] >= 0
        ? OptionalInt.of(definitionTokens[ordinal])
        : OptionalInt.empty();
  }

  /**
   * What tool search reads of this entry: its name, description, top-level parameters, toolset
   * (described by {@code toolsetDescription}) and keywords, and the terms the processor analysed
   * them into for a compiled tool (none for any other, or for a copy whose searched fields
   * changed). Reads the schema each time.
   */
  public SearchDocument searchDocument(String toolsetDescription) {
    return new SearchDocument(
        name,
        description,
        toolset,
        toolsetDescription,
        SearchParameter.fromSchema(schema),
        keywords,
        searchTerms == null ? null : searchTerms.searchTerms());
  }

  /** Whether {@code other} has the same fields as this entry for its search terms. */
  private boolean sameSearchFieldsAs(ToolEntry other) {
    return schema.equals(other.schema)
        && description.equals(other.description)
        && keywords.equals(other.keywords);
  }

  /** Whether {@code other} shows the model the same definitions as this entry. */
  private boolean sameDefinitionsAs(ToolEntry other) {
    return name.equals(other.name)
        && schema.equals(other.schema)
        && description.equals(other.description)
        && strict == other.strict
        && title.equals(other.title)
        && hints.equals(other.hints)
        && Objects.equals(outputSchema, other.outputSchema)
        && Objects.equals(strictSchema, other.strictSchema)
        && Objects.equals(geminiSchema, other.geminiSchema)
        && (schemaOverrides == null) == (other.schemaOverrides == null);
  }

  /**
   * This entry's definition in {@code format}, written once and then reused.
   *
   * @throws RuntimeException when the writer cannot write this entry in that shape (not cached: a
   *     later listing tries again and fails the same way)
   */
  @SuppressWarnings("EnumOrdinal") // a cache index within one run, never stored
  String definition(DefinitionFormat format) {
    String definition = definitions[format.ordinal()];
    if (definition == null) {
      definition = format.definition(shown());
      definitions[format.ordinal()] = definition;
    }
    return definition;
  }

  /** What this entry's definitions show. */
  private ToolDefinition shown() {
    return ToolDefinition.builder(name, schema)
        .description(description)
        .strict(strict)
        .strictSchema(strictSchema)
        .geminiSchema(geminiSchema)
        .title(title)
        .hints(hints)
        .outputSchema(outputSchema)
        .build();
  }

  @Override
  public String toString() {
    return "ToolEntry{" + name + " in " + toolset + (isAsync() ? ", async" : "") + "}";
  }

  /**
   * {@link #BY_NAME}: a class rather than {@code Comparator.comparing(ToolEntry::name)}, which
   * spins classes at every start-up, where a generated index sorts its tools.
   */
  private static final class ByName implements Comparator<ToolEntry> {
    @Override
    public int compare(ToolEntry a, ToolEntry b) {
      return a.name.compareTo(b.name);
    }
  }

  /** Collects a {@link ToolEntry}'s fields; {@code schema} and {@code handler} are required. */
  public static final class Builder {
    private final String name;
    private final String toolset;
    private @Nullable String schema;
    private @Nullable ToolHandler handler;
    private @Nullable BooleanSupplier check;
    private List<String> requiresEnv = List.of();
    private String description = "";
    private String emoji = "";
    private int maxResultChars = -1;
    private boolean strict;
    private @Nullable Supplier<? extends Map<String, ?>> schemaOverrides;
    private @Nullable String strictSchema;
    private @Nullable String geminiSchema;
    private @Nullable String carriedFor; // the schema the carried dialects were derived from
    private boolean strictCarried;
    private boolean geminiCarried;
    private String title = "";
    private ToolHints hints = ToolHints.NONE;
    private @Nullable String outputSchema;
    private List<String> keywords = List.of();
    private boolean alwaysLoaded;
    private int[] definitionTokens = NOT_COUNTED;
    private @Nullable ToolEntry tokensCountedFor; // the entry carried counts were made for
    private @Nullable SearchTermsSource searchTerms;
    private @Nullable ToolEntry termsAnalysedFor; // the entry carried terms were made for
    private boolean schemaChecked;

    private Builder(String name, String toolset) {
      this.name = requireNonNull(name, "name == null");
      this.toolset = requireNonNull(toolset, "toolset == null");
    }

    /** The JSON Schema of the arguments object, as JSON text. */
    public Builder schema(String schema) {
      this.schema = requireNonNull(schema, "schema == null");
      this.schemaChecked = false;
      return this;
    }

    /**
     * Says that the schema given is known to be one JSON object: the processor writes this for the
     * schemas it wrote and checked at compile time, so registration does not parse them again. A
     * schema set after this call is checked as usual; a schema that is not one object breaks every
     * listing it is spliced into.
     */
    public Builder schemaChecked() {
      return schemaChecked(schema != null);
    }

    private Builder schemaChecked(boolean checked) {
      this.schemaChecked = checked;
      return this;
    }

    /** What runs the tool; an {@link ToolHandler.Async} handler makes the entry async. */
    public Builder handler(ToolHandler handler) {
      this.handler = requireNonNull(handler, "handler == null");
      return this;
    }

    /** The tool's availability check: it is offered only while the check passes; null for none. */
    public Builder check(@Nullable BooleanSupplier check) {
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

    /**
     * A per-listing override of the tool's definition, merged shallowly into it each time the
     * registry lists its tools: {@code "description"} (a string) replaces the description, and
     * {@code "parameters"} (JSON object text, or a map the registry writes as JSON) replaces the
     * schema, e.g. a description or an enum that reflects current limits. The name cannot be
     * overridden (calls name it); other keys are ignored. An override that throws, returns null or
     * an empty map, or gives parameters that are not one JSON object leaves the static definition.
     * Null for none.
     */
    public Builder schemaOverrides(@Nullable Supplier<? extends Map<String, ?>> schemaOverrides) {
      this.schemaOverrides = schemaOverrides;
      return this;
    }

    /** A human-readable name for the tool; empty for none. */
    public Builder title(String title) {
      this.title = requireNonNull(title, "title == null");
      return this;
    }

    /** What the tool says about its behaviour; {@link ToolHints#NONE} for nothing. */
    public Builder hints(ToolHints hints) {
      this.hints = requireNonNull(hints, "hints == null");
      return this;
    }

    /**
     * The JSON Schema of the JSON text of the tool's successful results, as JSON text (trusted as
     * given); null for none. See {@link ToolEntry#outputSchema()}.
     */
    public Builder outputSchema(@Nullable String outputSchema) {
      this.outputSchema = outputSchema;
      return this;
    }

    /**
     * The OpenAI strict-mode variant of the schema as JSON text, as {@code
     * dev.toolsmith.schema.Dialects.openAiStrict} gives it, or the empty string when the schema has
     * no strict variant. Unset, the registry derives it from the schema when a listing needs it;
     * set, it is trusted as given.
     */
    public Builder strictSchema(String strictSchema) {
      this.strictSchema = requireNonNull(strictSchema, "strictSchema == null");
      this.strictCarried = false;
      return this;
    }

    /**
     * The {@code "parameters"} text of the Gemini declaration, as {@code
     * dev.toolsmith.schema.Dialects.gemini} gives it, or the empty string for no parameters (a tool
     * without arguments). Unset, the registry derives it from the schema when a listing needs it;
     * set, it is trusted as given.
     */
    public Builder geminiSchema(String geminiSchema) {
      this.geminiSchema = requireNonNull(geminiSchema, "geminiSchema == null");
      this.geminiCarried = false;
      return this;
    }

    /**
     * Both precomputed dialects as they are, null for unset: what {@link #toBuilder()} carries,
     * kept only while the schema stays the same.
     */
    private Builder precomputed(@Nullable String strictSchema, @Nullable String geminiSchema) {
      this.strictSchema = strictSchema;
      this.geminiSchema = geminiSchema;
      this.carriedFor = schema;
      this.strictCarried = strictSchema != null;
      this.geminiCarried = geminiSchema != null;
      return this;
    }

    /**
     * Words tool search matches besides the name, description and parameters (synonyms, product
     * names); see {@link ToolEntry#keywords()}.
     */
    public Builder keywords(List<String> keywords) {
      this.keywords = List.copyOf(keywords);
      return this;
    }

    /**
     * Whether a deferred listing always sends this tool in full, rather than leaving it to the
     * search; see {@link ToolEntry#alwaysLoaded()}.
     */
    public Builder alwaysLoaded(boolean alwaysLoaded) {
      this.alwaysLoaded = alwaysLoaded;
      return this;
    }

    /**
     * The o200k_base token count of the definition in each format, as the processor counts it; see
     * {@link ToolEntry#definitionTokens(DefinitionFormat)}. Trusted as given.
     */
    @SuppressWarnings("EnumOrdinal") // stored as the compact form, in declaration order
    public Builder definitionTokens(Map<DefinitionFormat, Integer> definitionTokens) {
      int[] counts = new int[FORMATS];
      Arrays.fill(counts, -1);
      definitionTokens.forEach((format, count) -> counts[format.ordinal()] = count);
      return countedTokens(counts, null);
    }

    /**
     * The same counts as one number per format in {@link DefinitionFormat#values()} order, negative
     * for a format not counted (formats past the last number are not counted either): the compact
     * form the processor writes.
     */
    public Builder definitionTokens(int... byFormat) {
      return countedTokens(byFormat.clone(), null);
    }

    private Builder countedTokens(int[] counts, @Nullable ToolEntry countedFor) {
      this.definitionTokens = counts;
      this.tokensCountedFor = countedFor;
      return this;
    }

    /**
     * The search terms of the tool's name, description, parameters, toolset and keywords as the
     * processor analysed and wrote them, with the version of its analysis: tool search reads them
     * instead of analysing the text when the runtime's analysis is that version. Trusted as given;
     * read on the first search, not here.
     */
    public Builder searchTerms(int analysis, String terms) {
      return searchTerms(new PrecomputedTerms(analysis, requireNonNull(terms, "terms == null")));
    }

    /**
     * {@link #searchTerms(int, String)} read from {@code source} on the first search: a generated
     * adapter keeps its tools' terms in a class that only a search loads.
     */
    public Builder searchTerms(SearchTermsSource source) {
      this.searchTerms = requireNonNull(source, "source == null");
      this.termsAnalysedFor = null;
      return this;
    }

    private Builder analysedTerms(@Nullable SearchTermsSource terms, ToolEntry analysedFor) {
      this.searchTerms = terms;
      this.termsAnalysedFor = analysedFor;
      return this;
    }

    /** The entry. */
    public ToolEntry build() {
      return new ToolEntry(this);
    }
  }
}
