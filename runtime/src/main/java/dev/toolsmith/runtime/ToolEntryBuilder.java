package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.support.SearchTermsSource;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolDefinition;
import dev.toolsmith.schema.definition.ToolHints;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Collects a {@link ToolEntry}'s fields; the definition's schema and the handler are required.
 * Shorthands set the definition fields that hand-written entries set.
 */
public final class ToolEntryBuilder {
  ToolDefinition.Builder definition;
  final String toolset;
  @Nullable ToolHandler handler;
  @Nullable BooleanSupplier check;
  List<String> requiresEnv = List.of();
  String emoji = "";
  int maxResultChars = -1;
  @Nullable Supplier<? extends Map<String, ?>> schemaOverrides;
  List<String> keywords = List.of();
  boolean alwaysLoaded;
  @Nullable Duration deadline;
  boolean requiresApproval;
  boolean schemaChecked;
  @Nullable SearchTermsSource searchTerms;
  @Nullable ToolEntry copyOf; // the entry toBuilder() copied

  ToolEntryBuilder(ToolDefinition.Builder definition, String toolset) {
    this.definition = definition;
    this.toolset = requireNonNull(toolset, "toolset == null");
  }

  public ToolEntryBuilder schema(String schema) {
    definition.schema(schema);
    this.schemaChecked = false;
    return this;
  }

  public ToolEntryBuilder description(String description) {
    definition.description(description);
    return this;
  }

  public ToolEntryBuilder title(String title) {
    definition.title(title);
    return this;
  }

  public ToolEntryBuilder hints(ToolHints hints) {
    definition.hints(hints);
    return this;
  }

  public ToolEntryBuilder outputSchema(@Nullable String outputSchema) {
    definition.outputSchema(outputSchema);
    return this;
  }

  /** Says the schema was checked where it was written: registration does not parse it. */
  public ToolEntryBuilder schemaChecked() {
    this.schemaChecked = true;
    return this;
  }

  public ToolEntryBuilder handler(ToolHandler handler) {
    this.handler = requireNonNull(handler, "handler == null");
    return this;
  }

  public ToolEntryBuilder check(@Nullable BooleanSupplier check) {
    this.check = check;
    return this;
  }

  public ToolEntryBuilder requiresEnv(List<String> requiresEnv) {
    this.requiresEnv = List.copyOf(requireNonNull(requiresEnv, "requiresEnv == null"));
    return this;
  }

  public ToolEntryBuilder emoji(String emoji) {
    this.emoji = requireNonNull(emoji, "emoji == null");
    return this;
  }

  public ToolEntryBuilder maxResultChars(int maxResultChars) {
    this.maxResultChars = maxResultChars;
    return this;
  }

  /**
   * A per-listing change of the definition ({@code "description"}, {@code "parameters"}), merged in
   * at each listing as {@link SchemaOverrides} says; null for none.
   */
  public ToolEntryBuilder schemaOverrides(
      @Nullable Supplier<? extends Map<String, ?>> schemaOverrides) {
    this.schemaOverrides = schemaOverrides;
    return this;
  }

  public ToolEntryBuilder keywords(List<String> keywords) {
    this.keywords = List.copyOf(keywords);
    return this;
  }

  public ToolEntryBuilder alwaysLoaded(boolean alwaysLoaded) {
    this.alwaysLoaded = alwaysLoaded;
    return this;
  }

  /** How long a call may run; positive, or null for no deadline of its own. */
  public ToolEntryBuilder deadline(@Nullable Duration deadline) {
    if (deadline != null && (deadline.isNegative() || deadline.isZero())) {
      throw new IllegalArgumentException("a deadline must be positive; found " + deadline);
    }
    this.deadline = deadline;
    return this;
  }

  /** Whether every call needs approval, whatever the hints. */
  public ToolEntryBuilder requiresApproval(boolean requiresApproval) {
    this.requiresApproval = requiresApproval;
    return this;
  }

  /** Where the processor's search terms of the tool are read from, on the first search. */
  public ToolEntryBuilder searchTerms(SearchTermsSource source) {
    this.searchTerms = requireNonNull(source, "source == null");
    return this;
  }

  /** The entry. */
  public ToolEntry build() {
    return new ToolEntry(this);
  }
}
