package dev.toolsmith.processor;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.toolsmith.schema.Dialects;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolDefinition;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The o200k_base token count of a tool's definition in each provider format, counted at compile
 * time on the text the definition writers make for what the adapter's entry shows, so a listing can
 * say what it costs without a tokenizer at run time.
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
   * Each format's count for {@code tool} with arguments {@code schema}, by format ordinal, -1 for a
   * format the writers cannot write the tool in; empty for a tool with schema overrides (its
   * definitions are made at run time).
   */
  static int[] of(ToolModel tool, String schema) {
    if (tool.registration().schemaOverrides().isPresent()) {
      return new int[0];
    }
    ToolDefinition definition = definition(tool, schema);
    DefinitionFormat[] formats = DefinitionFormat.values();
    int[] counts = new int[formats.length];
    for (int i = 0; i < formats.length; i++) {
      try {
        counts[i] = Tokenizer.O200K.countTokens(formats[i].definition(definition));
      } catch (RuntimeException cannot) {
        // the shape cannot hold this schema: a listing leaves the tool out, so no count
        counts[i] = -1;
      }
    }
    return counts;
  }

  /**
   * What the generated entry's definitions show; the writer derives what the adapter leaves out.
   */
  private static ToolDefinition definition(ToolModel tool, String schema) {
    ToolModel.Behaviour hints = tool.definition().behaviour();
    return ToolDefinition.builder(tool.name(), schema)
        .description(tool.definition().description())
        .title(tool.definition().title())
        .strict(tool.definition().strict())
        .hints(
            new ToolHints(
                hints.readOnly(), hints.destructive(), hints.idempotent(), hints.openWorld()))
        .outputSchema(OutputSchemaWriter.schema(tool).orElse(null))
        .strictSchema(dialect(() -> Dialects.openAiStrict(schema).orElse("")))
        .geminiSchema(dialect(() -> Dialects.gemini(schema)))
        .build();
  }

  /**
   * A dialect as the adapter precomputes it; null (derived, and refused, by the writer) if none.
   */
  private static @Nullable String dialect(Supplier<String> variant) {
    try {
      return variant.get();
    } catch (IllegalArgumentException cannot) {
      return null;
    }
  }
}
