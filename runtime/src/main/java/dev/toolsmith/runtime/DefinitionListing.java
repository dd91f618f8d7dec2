package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Writes the definitions the model receives: one JSON array of the listed, available tools. */
final class DefinitionListing {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private DefinitionListing() {}

  /**
   * See {@link ToolRegistry#definitions(Collection, DefinitionFormat)}.
   *
   * @param countOut when not null, its first element is set to how many tools were listed
   */
  static String write(
      RegistryState snapshot,
      ListingChecks checks,
      Collection<String> names,
      DefinitionFormat format,
      int @Nullable [] countOut) {
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
    return write(available, format, countOut);
  }

  /**
   * The definitions of {@code entries}, in their order, as one JSON array; an entry the format
   * cannot write is left out (logged).
   *
   * @param countOut when not null, its first element is set to how many tools were listed
   */
  static String write(List<ToolEntry> entries, DefinitionFormat format, int @Nullable [] countOut) {
    String[] listed = new String[entries.size()];
    int listedCount = 0;
    int length = 2;
    for (ToolEntry entry : entries) {
      String definition = writable(entry, format);
      if (definition != null) {
        listed[listedCount++] = definition;
        length += definition.length() + 1;
      }
    }
    if (countOut != null) {
      countOut[0] = listedCount;
    }
    StringBuilder out = new StringBuilder(length);
    out.append('[');
    for (int i = 0; i < listedCount; i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(listed[i]);
    }
    return out.append(']').toString();
  }

  /**
   * The entry's definition in {@code format}, written apart so that an entry the writer cannot
   * write leaves no half object; null (logged) for such an entry.
   */
  static @Nullable String writable(ToolEntry entry, DefinitionFormat format) {
    try {
      return definition(entry, format);
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

  /** See {@link ToolRegistry#listingCost(Collection, DefinitionFormat)}. */
  static ListingCost cost(
      RegistryState snapshot,
      ListingChecks checks,
      Collection<String> names,
      DefinitionFormat format) {
    String listing = write(snapshot, checks, names, format, null);
    int tools = 0;
    long tokens = 0;
    int uncounted = 0;
    Set<String> distinct = new HashSet<>(names);
    distinct.remove(null);
    for (String name : distinct) {
      ToolEntry entry = snapshot.byName.get(name);
      if (entry == null || !checks.of(entry).available()) {
        continue;
      }
      tools++;
      OptionalInt count = entry.definitionTokens(format);
      if (count.isPresent()) {
        tokens += count.getAsInt();
      } else {
        uncounted++;
      }
    }
    return new ListingCost(tools, listing.length(), tokens, uncounted);
  }

  /** The entry's definition with its schema overrides merged, else its static one. */
  private static String definition(ToolEntry entry, DefinitionFormat format) {
    ToolEntry listed = SchemaOverrides.applied(entry);
    if (listed != entry) {
      try {
        return listed.definition(format);
      } catch (RuntimeException e) {
        LOG.log(
            Level.WARNING,
            () ->
                "Schema overrides of tool '"
                    + entry.name()
                    + "' cannot be"
                    + " written in the "
                    + format
                    + " shape; its static schema is listed",
            e);
      }
    }
    return entry.definition(format);
  }
}
