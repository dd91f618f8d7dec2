package dev.toolsmith.processor;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.toolsmith.runtime.DefinitionFormat;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolHandler;
import dev.toolsmith.runtime.ToolHints;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.Dialects;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The o200k_base token count of a tool's definition in each provider format, counted at compile
 * time on the text the runtime's own writers make for the entry the adapter builds, so a listing
 * can say what it costs without a tokenizer at run time.
 */
final class DefinitionTokens {

  private DefinitionTokens() {}

  /**
   * Loaded on the first tool: the vocabulary takes a moment, a build without tools pays nothing.
   */
  private static final class Tokenizer {
    static final Encoding O200K =
        Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
  }

  /**
   * Each format's count for {@code tool} with arguments {@code schema}; empty for a tool with
   * schema overrides (its definitions are made at run time). A format the runtime cannot write the
   * tool in has no count.
   */
  static Map<DefinitionFormat, Integer> of(ToolModel tool, String schema) {
    if (tool.registration().schemaOverrides().isPresent()) {
      return Map.of();
    }
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry(tool, schema));
    Map<DefinitionFormat, Integer> counts = new EnumMap<>(DefinitionFormat.class);
    for (DefinitionFormat format : DefinitionFormat.values()) {
      String listing = registry.definitions(List.of(tool.name()), format);
      if (listing.length() > 2) { // "[]": the writer could not write it in this shape
        String definition = listing.substring(1, listing.length() - 1);
        counts.put(format, Tokenizer.O200K.countTokens(definition));
      }
    }
    return counts;
  }

  /** The fields of the generated entry that its definitions show. */
  private static ToolEntry entry(ToolModel tool, String schema) {
    ToolModel.Behaviour hints = tool.definition().behaviour();
    ToolEntry.Builder entry =
        ToolEntry.builder(tool.name(), tool.registration().toolset())
            .schema(schema)
            .description(tool.definition().description())
            .title(tool.definition().title())
            .strict(tool.definition().strict())
            .hints(
                new ToolHints(
                    hints.readOnly(), hints.destructive(), hints.idempotent(), hints.openWorld()))
            .outputSchema(OutputSchemaWriter.schema(tool).orElse(null))
            .handler((ToolHandler.Sync) (arguments, context) -> "");
    try {
      entry.strictSchema(Dialects.openAiStrict(schema).orElse(""));
    } catch (IllegalArgumentException cannot) {
      // derived (and refused) by the registry, as for the generated entry
    }
    try {
      entry.geminiSchema(Dialects.gemini(schema));
    } catch (IllegalArgumentException cannot) {
      // the same
    }
    return entry.build();
  }
}
