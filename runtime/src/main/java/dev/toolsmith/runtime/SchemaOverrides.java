package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.schema.SchemaInstances;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A tool's per-listing schema overrides ({@link ToolEntryBuilder#schemaOverrides}), asked at each
 * listing and merged shallowly into its definition: {@code "description"} (a string) replaces the
 * description, and {@code "parameters"} (JSON object text, or a map the registry writes as JSON)
 * replaces the schema, e.g. a description or an enum that reflects current limits. The name cannot
 * be overridden (calls name it); other keys are ignored and logged. An override that throws,
 * returns null or an empty map, or gives parameters that are not one JSON object leaves the static
 * definition.
 */
final class SchemaOverrides {

  static final String DESCRIPTION = "description";
  static final String PARAMETERS = "parameters";

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private SchemaOverrides() {}

  /**
   * The entry's definition with its overrides merged in, to list now; null when the static one is
   * listed (no overrides, or overrides that cannot be used).
   */
  static @Nullable ToolDefinition applied(ToolEntry entry) {
    Supplier<? extends Map<String, ?>> supplier = entry.schemaOverrides().orElse(null);
    if (supplier == null) {
      return null;
    }
    Map<String, ?> overrides;
    try {
      overrides = supplier.get();
    } catch (Throwable t) { // a broken override must not break the listing
      LOG.log(
          Level.WARNING,
          () ->
              "Schema overrides of tool '" + entry.name() + "' threw; its static schema is listed",
          t);
      return null;
    }
    if (overrides == null || overrides.isEmpty()) {
      return null;
    }
    ToolDefinition.Builder merged = entry.definition().toBuilder();
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
                  warning(
                      entry,
                      "parameters must be one JSON object; "
                          + problem
                          + "; its static schema is listed"));
          return null;
        }
        merged.schema(schema).inputExamples(stillFitting(entry, merged.inputExamples(), schema));
      } else {
        LOG.log(
            Level.WARNING,
            () ->
                warning(
                    entry,
                    "key '"
                        + key
                        + "' ignored; only description (a string) and parameters can be"
                        + " overridden"));
      }
    }
    return merged.build();
  }

  /**
   * Those of {@code examples} that fit the overriding {@code schema}: a provider refuses a tool
   * whose examples do not (Anthropic), so one that no longer fits is left out, with a warning.
   */
  private static List<String> stillFitting(ToolEntry entry, List<String> examples, String schema) {
    List<String> fitting = new ArrayList<>();
    for (String example : examples) {
      Optional<SchemaInstances.Violation> violation;
      try {
        violation = SchemaInstances.check(schema, example);
      } catch (IllegalArgumentException e) {
        violation =
            Optional.of(new SchemaInstances.Violation("", "JSON", String.valueOf(e.getMessage())));
      }
      if (violation.isEmpty()) {
        fitting.add(example);
      } else {
        String why = violation.get().toString();
        LOG.log(
            Level.WARNING,
            () -> warning(entry, "example " + example + " left out, the schema changed: " + why));
      }
    }
    return fitting;
  }

  private static String warning(ToolEntry entry, String what) {
    return "Schema overrides of tool '" + entry.name() + "': " + what;
  }
}
