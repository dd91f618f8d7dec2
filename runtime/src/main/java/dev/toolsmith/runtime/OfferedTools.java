package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the model is offered from one toolset selection, as {@link ToolRegistry#offered} found it:
 * the selected tools that are available, sorted by name, at one registry {@link #generation()}.
 * Every bridge and the MCP server list what they offer through it, so they offer the same tools;
 * build on it to list tools another way (deferred, searched).
 *
 * <p>Immutable. Definitions in a {@link DefinitionFormat} are written from the entries (each entry
 * keeps its own texts); a bridge's own form of a tool is made by a {@link Conversion}, which keeps
 * what it made for the registry's generation.
 */
public final class OfferedTools {

  private final long generation;
  private final List<ToolEntry> entries;

  OfferedTools(long generation, List<ToolEntry> entries) {
    this.generation = generation;
    this.entries = List.copyOf(entries);
  }

  /** The registry's {@link ToolRegistry#generation()} these tools were found at. */
  public long generation() {
    return generation;
  }

  /** The offered tools' entries, sorted by name. */
  public List<ToolEntry> entries() {
    return entries;
  }

  /** The offered tools' names, sorted. */
  public List<String> names() {
    return entries.stream().map(ToolEntry::name).toList();
  }

  /** The offered tools that {@code keep} accepts, in the same order. */
  public OfferedTools filter(Predicate<? super ToolEntry> keep) {
    requireNonNull(keep, "keep == null");
    return new OfferedTools(generation, entries.stream().filter(keep).toList());
  }

  /**
   * The offered tools' definitions as one JSON array text, as {@link
   * ToolRegistry#definitions(Collection, DefinitionFormat)} writes them (schema overrides merged,
   * asked now), without asking the availability checks again.
   */
  public String definitions(DefinitionFormat format) {
    requireNonNull(format, "format == null");
    return DefinitionListing.array(DefinitionListing.listed(entries, format));
  }

  /**
   * Each offered tool's definition as it is listed now (its schema overrides merged, asked now,
   * else its entry's), in name order: for a surface that builds its own form of a tool from the
   * value rather than from a format's text (the MCP server).
   */
  public List<ToolDefinition> listedDefinitions() {
    List<ToolDefinition> definitions = new ArrayList<>(entries.size());
    for (ToolEntry entry : entries) {
      ToolDefinition overridden = SchemaOverrides.applied(entry);
      definitions.add(overridden != null ? overridden : entry.definition());
    }
    return definitions;
  }

  /**
   * Each offered tool's definition in {@code format}, the elements of {@link
   * #definitions(DefinitionFormat)} by tool name, in name order: for listings that show some tools
   * in full and hold others back (deferred definitions).
   */
  public Map<String, String> definitionsByName(DefinitionFormat format) {
    return definitionsByName(format, false);
  }

  /**
   * {@link #definitionsByName}, each marked to load on demand ({@link
   * DefinitionFormat#deferredDefinition}): how a deferred listing in a native form lists the tools
   * it leaves to the search.
   */
  public Map<String, String> deferredDefinitionsByName(DefinitionFormat format) {
    return definitionsByName(format, true);
  }

  /**
   * What {@link #definitions} in {@code format} costs, as {@link ToolRegistry#listingCost} measures
   * it; counting tokens on first need (see {@link ToolEntry#definitionTokens}).
   */
  public ListingCost cost(DefinitionFormat format) {
    requireNonNull(format, "format == null");
    return DefinitionListing.cost(DefinitionListing.listed(entries, format), format);
  }

  private Map<String, String> definitionsByName(DefinitionFormat format, boolean deferred) {
    requireNonNull(format, "format == null");
    Map<String, String> definitions = new LinkedHashMap<>();
    for (DefinitionListing.Listed listed : DefinitionListing.listed(entries, format, deferred)) {
      definitions.put(listed.entry().name(), listed.text());
    }
    return definitions;
  }

  /** Each offered tool converted by {@code conversion}, in the same order. */
  public <T> List<T> convert(Conversion<T> conversion) {
    requireNonNull(conversion, "conversion == null");
    return conversion.apply(this);
  }

  @Override
  public String toString() {
    return "OfferedTools{generation " + generation + ", " + names() + "}";
  }

  /**
   * A bridge's form of a tool (LangChain4j's specification, Spring AI's callback), made from its
   * entry once per registry generation: a new generation converts only the entries that changed.
   * Thread-safe; a bridge keeps one per configuration.
   *
   * @param <T> the bridge's form of a tool
   */
  public static final class Conversion<T> {

    private final Function<? super ToolEntry, ? extends T> converter;
    private volatile Made<T> made = new Made<>(-1, Map.of());

    private Conversion(Function<? super ToolEntry, ? extends T> converter) {
      this.converter = converter;
    }

    /** A conversion by {@code converter}, which is called once per entry and generation. */
    public static <T> Conversion<T> of(Function<? super ToolEntry, ? extends T> converter) {
      return new Conversion<>(requireNonNull(converter, "converter == null"));
    }

    private List<T> apply(OfferedTools offered) {
      Made<T> current = made;
      if (current.generation != offered.generation) {
        current = new Made<>(offered.generation, current.values);
        made = current;
      }
      List<T> converted = new ArrayList<>(offered.entries.size());
      for (ToolEntry entry : offered.entries) {
        converted.add(current.of(entry, converter));
      }
      return converted;
    }

    /** What was made for one generation; what an earlier one made is reused for the same entry. */
    private static final class Made<T> {
      final long generation;
      final Map<String, Converted<T>> earlier;
      final Map<String, Converted<T>> values = new ConcurrentHashMap<>();

      Made(long generation, Map<String, Converted<T>> earlier) {
        this.generation = generation;
        this.earlier = earlier;
      }

      T of(ToolEntry entry, Function<? super ToolEntry, ? extends T> converter) {
        Converted<T> value = values.get(entry.name());
        if (value == null || value.entry != entry) {
          Converted<T> before = earlier.get(entry.name());
          value =
              before != null && before.entry == entry
                  ? before
                  : new Converted<>(entry, converter.apply(entry));
          values.put(entry.name(), value);
        }
        return value.value;
      }
    }

    private record Converted<T>(ToolEntry entry, T value) {}
  }
}
