package dev.toolsmith.processor;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.regex.JoniRegularExpressionFactory;
import com.networknt.schema.regex.RegularExpression;
import java.util.List;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

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
                  SchemaRegistryConfig.builder()
                      .formatAssertionsEnabled(true)
                      // pattern is ECMA-262: judged by an ECMA engine, not java.util.regex
                      .regularExpressionFactory(Validator::ecmaRegex)
                      .build()));

  /** Reads documents with every number as its exact decimal (trailing zeros aside). */
  private static final JsonMapper EXACT =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          // 1.10 and 1.1 are one number: networknt compares items with equals, scale included
          .enable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  private static final Schema META_SCHEMA =
      REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));

  private Validator() {}

  /**
   * {@code pattern} compiled by Joni in its ECMAScript syntax. Joni's parser refuses the escapes
   * {@code \}{@code uHHHH} above U+00FF (valid ECMA-262), so those are handed to it as the literal
   * characters they stand for, which it reads with the same meaning.
   */
  private static RegularExpression ecmaRegex(String pattern) {
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        if (pattern.charAt(i + 1) == 'u'
            && i + 6 <= pattern.length()
            && pattern.substring(i + 2, i + 6).matches("[0-9a-fA-F]{4}")
            && Integer.parseInt(pattern.substring(i + 2, i + 6), 16) > 0xFF) {
          literal.append((char) Integer.parseInt(pattern.substring(i + 2, i + 6), 16));
          i += 5;
          continue;
        }
        literal.append(c).append(pattern.charAt(++i));
        continue;
      }
      literal.append(c);
    }
    return JoniRegularExpressionFactory.getInstance().getRegularExpression(literal.toString());
  }

  /** The meta-schema's complaints about {@code schema}; empty when it is a valid 2020-12 schema. */
  static List<Error> metaSchemaErrors(String schema) {
    return META_SCHEMA.validate(schema, InputFormat.JSON);
  }

  /** {@code schema} compiled for validating documents. */
  static Schema schema(String schema) {
    return REGISTRY.getSchema(schema, InputFormat.JSON);
  }

  /**
   * Whether {@code document} is valid against {@code schema}, its numbers judged as exact decimals
   * (a double would round 100.00000000000000001 to a valid 100).
   */
  static boolean accepts(Schema schema, String document) {
    return errors(schema, document).isEmpty();
  }

  /** The validator's complaints about {@code document}, numbers read exactly. */
  static List<Error> errors(Schema schema, String document) {
    return schema.validate(EXACT.readTree(document));
  }
}
