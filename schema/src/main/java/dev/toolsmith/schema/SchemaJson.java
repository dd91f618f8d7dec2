package dev.toolsmith.schema;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;

/**
 * The one JSON factory schemas and definitions are read and written with, by the processor and the
 * runtime alike: the shared {@link JsonLimits}, a repeated key refused. (The model's arguments have
 * their own factory in the runtime, where generated readers detect repeated keys themselves.)
 */
public final class SchemaJson {

  /** Reads and writes schema and definition texts. */
  public static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .streamReadConstraints(JsonLimits.constraints())
          .build();

  private SchemaJson() {}
}
