package dev.toolsmith.processor;

import com.squareup.javapoet.CodeBlock;
import dev.toolsmith.schema.Dialects;
import java.util.LinkedHashMap;
import java.util.Map;

/** The provider variants of a tool's schema that an adapter carries, made at compile time. */
final class SchemaVariants {

  private SchemaVariants() {}

  /**
   * The provider variants of {@code schema}, computed now by the runtime's own code so the registry
   * never derives them: builder method to argument ({@code ""} when there is none, the schema's
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
    try {
      dialects.put("geminiSchema", variant(Dialects.gemini(schema), schema, schemaConstant));
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
