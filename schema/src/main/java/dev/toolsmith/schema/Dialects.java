package dev.toolsmith.schema;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The provider dialects of a tool's schema as JSON text, exactly as the registry's definition
 * writers put them: the processor calls these at compile time so the registry need not derive them
 * at run time, and the writers call them for entries that come without them.
 */
public final class Dialects {

  private Dialects() {}

  /**
   * The OpenAI strict-mode variant of {@code schema} (every property required, the optional ones
   * nullable, {@code additionalProperties: false}, unsupported keywords removed), or empty when the
   * schema has an open map or a free-form value and so no strict variant.
   *
   * @throws IllegalArgumentException when {@code schema} cannot be read as a schema
   */
  public static Optional<String> openAiStrict(String schema) {
    requireNonNull(schema, "schema == null");
    Optional<Object> strict;
    try {
      strict = StrictSchema.of(schema);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("schema has no OpenAI strict shape: " + e.getMessage(), e);
    }
    return strict.map(Dialects::text);
  }

  /**
   * The {@code "parameters"} value of {@code schema}'s Gemini function declaration, or the empty
   * string when the declaration has no parameters (a tool without arguments: Gemini rejects an
   * object with no properties).
   *
   * @throws IllegalArgumentException when {@code schema} cannot be written in Gemini's shape
   */
  public static String gemini(String schema) {
    requireNonNull(schema, "schema == null");
    Map<String, Object> parameters;
    try {
      Object root = SchemaTree.parse(schema);
      parameters = SchemaTree.object(GeminiSchema.convert(root, root, new ArrayList<>()));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("schema has no Gemini shape: " + e.getMessage(), e);
    }
    return parameters != null && parameters.containsKey("properties") ? text(parameters) : "";
  }

  /** {@code tree} as compact JSON text, written as a generator writes it inside a definition. */
  static String text(@Nullable Object tree) {
    StringWriter out = new StringWriter(256);
    try (JsonGenerator generator = SchemaJson.FACTORY.createGenerator(out)) {
      SchemaTree.write(generator, tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }
}
