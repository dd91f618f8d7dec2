package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.result.ToolResults;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A tool's per-listing schema overrides, merged shallowly into its definition; see {@link
 * ToolEntry.Builder#schemaOverrides}. Whatever goes wrong gives the static definition.
 */
final class SchemaOverrides {

  static final String DESCRIPTION = "description";
  static final String PARAMETERS = "parameters";

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private SchemaOverrides() {}

  /** The entry to list now: {@code entry} itself, or a copy with its overrides merged in. */
  static ToolEntry applied(ToolEntry entry) {
    Supplier<? extends Map<String, ?>> supplier = entry.schemaOverrides().orElse(null);
    if (supplier == null) {
      return entry;
    }
    Map<String, ?> overrides;
    try {
      overrides = supplier.get();
    } catch (Throwable t) { // a broken override must not break the listing
      LOG.log(
          Level.WARNING,
          () ->
              "Schema overrides of tool '"
                  + entry.name()
                  + "' threw;"
                  + " its static schema is listed",
          t);
      return entry;
    }
    if (overrides == null || overrides.isEmpty()) {
      return entry;
    }
    ToolEntry.Builder merged = entry.toBuilder();
    for (Map.Entry<String, ?> override : overrides.entrySet()) {
      String key = override.getKey();
      Object value = override.getValue();
      if (DESCRIPTION.equals(key) && value instanceof String description) {
        merged.description(description);
      } else if (PARAMETERS.equals(key) && value != null) {
        String schema = value instanceof String text ? text : ToolResults.json(value);
        String problem = JsonCore.objectProblem(schema);
        if (problem != null) {
          LOG.log(
              Level.WARNING,
              () ->
                  "Schema overrides of tool '"
                      + entry.name()
                      + "': "
                      + "parameters must be one JSON object; "
                      + problem
                      + "; its static schema is listed");
          return entry;
        }
        merged.schema(schema);
      } else {
        LOG.log(
            Level.WARNING,
            () ->
                "Schema overrides of tool '"
                    + entry.name()
                    + "': key '"
                    + key
                    + "' ignored; only description (a string) and parameters can be overridden");
      }
    }
    return merged.build();
  }
}
