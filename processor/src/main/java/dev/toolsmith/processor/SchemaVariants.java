package dev.toolsmith.processor;

import com.squareup.javapoet.CodeBlock;
import dev.toolsmith.schema.Dialects;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provider variants of a tool's schema that an adapter carries, made at compile time: the
 * OpenAI strict one only. The Gemini one is left to the registry, which derives it with the same
 * code on the first Gemini listing: carried as text it doubled each schema in the generated source.
 */
final class SchemaVariants {

  private SchemaVariants() {}

  /**
   * The carried variants of {@code schema}, computed now by the runtime's own code so the registry
   * does not derive them: builder method to argument ({@code ""} when there is none, the schema's
   * constant when it is the same text). A variant the runtime cannot make is left to it, to be
   * reported when listed.
   */
  static Map<String, CodeBlock> of(String schema, String schemaConstant) {
    Map<String, CodeBlock> dialects = new LinkedHashMap<>();
    try {
      dialects.put(
          "strictSchema",
          variant(Dialects.openAiStrict(schema).orElse(""), schema, schemaConstant));
    } catch (IllegalArgumentException cannot) {
      // left to the registry
    }
    return dialects;
  }

  private static CodeBlock variant(String text, String schema, String schemaConstant) {
    if (text.isEmpty()) {
      return CodeBlock.of("$S", "");
    }
    return text.equals(schema)
        ? CodeBlock.of("$N", schemaConstant)
        : CodeBlock.of("$L", Literals.textBlock(text));
  }
}
