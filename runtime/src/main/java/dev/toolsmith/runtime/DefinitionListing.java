package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Writes the definitions the model receives: one JSON array of the listed, available tools, each
 * definition written from its entry's {@link ToolDefinition} (schema overrides merged, asked now).
 */
final class DefinitionListing {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  /**
   * One tool's definition as listed, the entry it is of, and whether its schema overrides changed
   * it (else it is the entry's static definition).
   */
  record Listed(ToolEntry entry, String text, boolean overridden) {}

  private DefinitionListing() {}

  /**
   * The available tools among {@code names}, sorted by name, each once: see {@link
   * ToolRegistry#definitions(Collection, DefinitionFormat)}.
   */
  static List<ToolEntry> available(
      RegistryState snapshot, ListingChecks checks, Collection<String> names) {
    // Sorted as an array: TimSort is linear on names already in order, as toolNames() gives them.
    String[] sorted = names.toArray(new String[0]);
    int count = 0;
    for (String name : sorted) {
      if (name != null) {
        sorted[count++] = name;
      }
    }
    Arrays.sort(sorted, 0, count);
    List<ToolEntry> listed = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name = sorted[i];
      ToolEntry entry = i > 0 && name.equals(sorted[i - 1]) ? null : snapshot.byName.get(name);
      if (entry != null) {
        listed.add(entry);
      }
    }
    checks.start(listed);
    List<ToolEntry> available = new ArrayList<>(listed.size());
    for (ToolEntry entry : listed) {
      if (checks.of(entry).available()) {
        available.add(entry);
      }
    }
    return available;
  }

  /**
   * The definitions of {@code entries} in {@code format}, in their order; an entry the format
   * cannot write is left out (logged).
   */
  static List<Listed> listed(List<ToolEntry> entries, DefinitionFormat format) {
    return listed(entries, format, false);
  }

  /**
   * {@link #listed(List, DefinitionFormat)}, each definition marked to load on demand when {@code
   * deferred} ({@link DefinitionFormat#deferredDefinition}).
   */
  static List<Listed> listed(List<ToolEntry> entries, DefinitionFormat format, boolean deferred) {
    List<Listed> listed = new ArrayList<>(entries.size());
    for (ToolEntry entry : entries) {
      Listed one = writable(entry, format, deferred);
      if (one != null) {
        listed.add(one);
      }
    }
    return listed;
  }

  /** The listed definitions as one JSON array text. */
  static String array(List<Listed> listed) {
    int length = 2;
    for (Listed one : listed) {
      length += one.text().length() + 1;
    }
    StringBuilder out = new StringBuilder(length).append('[');
    for (int i = 0; i < listed.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(listed.get(i).text());
    }
    return out.append(']').toString();
  }

  /** See {@link ToolRegistry#listingCost(Collection, DefinitionFormat)}. */
  static ListingCost cost(List<Listed> listed, DefinitionFormat format) {
    long tokens = 0;
    for (Listed one : listed) {
      tokens += tokens(one, format);
    }
    return new ListingCost(listed.size(), array(listed).length(), tokens, DefinitionTokens.exact());
  }

  /**
   * The tokens of one listed definition: counted once per entry for its static definition, and at
   * each listing for one its schema overrides changed.
   */
  static int tokens(Listed listed, DefinitionFormat format) {
    return listed.overridden()
        ? DefinitionTokens.count(listed.text())
        : listed.entry().definitionTokens(format).orElse(0);
  }

  /**
   * The entry's definition in {@code format} (its schema overrides merged, else its static one),
   * written apart so that an entry the writer cannot write leaves no half object; null (logged) for
   * such an entry.
   */
  static @Nullable Listed writable(ToolEntry entry, DefinitionFormat format, boolean deferred) {
    ToolDefinition overridden = SchemaOverrides.applied(entry);
    if (overridden != null) {
      try {
        String text =
            deferred ? format.deferredDefinition(overridden) : format.definition(overridden);
        return new Listed(entry, text, true);
      } catch (RuntimeException e) {
        LOG.log(
            Level.WARNING,
            () ->
                "Schema overrides of tool '"
                    + entry.name()
                    + "' cannot be written in the "
                    + format
                    + " shape; its static schema is listed",
            e);
      }
    }
    try {
      ComputedDefinition computed = entry.computed();
      String text =
          deferred
              ? computed.deferredText(entry.definition(), format)
              : computed.text(entry.definition(), format);
      return new Listed(entry, text, false);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          () ->
              "Tool '"
                  + entry.name()
                  + "' left out of the "
                  + format
                  + " definitions: its schema cannot be written in that shape",
          e);
      return null;
    }
  }
}
