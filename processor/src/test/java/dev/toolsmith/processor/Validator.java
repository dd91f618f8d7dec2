package dev.toolsmith.processor;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.util.List;

/**
 * The independent validator (networknt json-schema-validator, JSON Schema 2020-12, formats
 * asserted): checks generated schemas against the meta-schema and documents against schemas.
 */
final class Validator {

  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder ->
              builder.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));

  private static final Schema META_SCHEMA =
      REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));

  private Validator() {}

  /** The meta-schema's complaints about {@code schema}; empty when it is a valid 2020-12 schema. */
  static List<Error> metaSchemaErrors(String schema) {
    return META_SCHEMA.validate(schema, InputFormat.JSON);
  }

  /** {@code schema} compiled for validating documents. */
  static Schema schema(String schema) {
    return REGISTRY.getSchema(schema, InputFormat.JSON);
  }

  /** Whether {@code document} is valid against {@code schema}. */
  static boolean accepts(Schema schema, String document) {
    return schema.validate(document, InputFormat.JSON).isEmpty();
  }
}
