package dev.toolsmith.processor;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.toolsmith.schema.SchemaJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Writes the JSON Schema (2020-12) of a tool's result text from the same type model as the result
 * writer, saying exactly what that writer can write and nothing it cannot promise:
 *
 * <ul>
 *   <li>every value of a reference type may be null (Java does not stop a record component, a list
 *       element or a map value from being null, and the writer writes null for it); primitives
 *       never are. The result itself is null only for types other than records and maps: a record
 *       or map tool's schema is the object's own, the shape MCP serves as it is;
 *   <li>every record component is present ({@code required}), none other ({@code
 *       additionalProperties: false});
 *   <li>a {@code double} or {@code float} is a number, or one of the strings {@code "NaN"}, {@code
 *       "Infinity"}, {@code "-Infinity"} that Jackson writes for those values;
 *   <li>no {@code format} or {@code pattern} but UUID's, since java.time values may fall outside
 *       their formats (years past 9999, a Duration's fractions), and a URI may be relative;
 *   <li>no {@code uniqueItems} for sets: distinct Java values can be equal JSON ({@code 1.0},
 *       {@code 1.00});
 *   <li>no {@code @Param} constraints: results are not checked against them.
 * </ul>
 *
 * A {@code String} result is text (not JSON), and {@code void} gives {@code {"ok":true}}: neither
 * has an output schema.
 */
final class OutputSchemaWriter {

  private final Map<String, TypeModel.RecordType> definitions = new TreeMap<>();

  private OutputSchemaWriter() {}

  /** The schema of the tool's result text, or empty for a String or void tool. */
  static Optional<String> schema(ToolModel tool) {
    TypeModel type = tool.invocation().returns();
    if (type instanceof TypeModel.Text || type instanceof TypeModel.VoidType) {
      return Optional.empty();
    }
    OutputSchemaWriter writer = new OutputSchemaWriter();
    SchemaWriter.collect(type, new TreeMap<>(), writer.definitions);
    boolean object = type instanceof TypeModel.RecordType || type instanceof TypeModel.MapType;
    StringWriter out = new StringWriter();
    try (JsonGenerator g = SchemaJson.FACTORY.createGenerator(out)) {
      g.writeStartObject();
      // A record is written in place at the root, also when it is in $defs for its own references.
      if (type instanceof TypeModel.RecordType record) {
        writer.object(g, record, "", "", false);
      } else {
        writer.body(g, type, "", !object && isReference(type));
      }
      if (!writer.definitions.isEmpty()) {
        g.writeObjectFieldStart("$defs");
        for (Map.Entry<String, TypeModel.RecordType> definition : writer.definitions.entrySet()) {
          g.writeFieldName(definition.getKey());
          g.writeStartObject();
          writer.object(g, definition.getValue(), "", "", false);
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Optional.of(out.toString());
  }

  private static boolean isReference(TypeModel type) {
    return !(type instanceof TypeModel.Scalar scalar && scalar.primitive());
  }

  /** One value's schema, as an object of its own. */
  private void value(JsonGenerator g, TypeModel type, String description) throws IOException {
    g.writeStartObject();
    body(g, type, description, isReference(type));
    g.writeEndObject();
  }

  /** The keywords of one value's schema, inside an object already started. */
  private void body(JsonGenerator g, TypeModel type, String description, boolean nullable)
      throws IOException {
    if (type instanceof TypeModel.OptionalType optional) {
      body(g, optional.value(), description, true);
      return;
    }
    if (type instanceof TypeModel.OptionalNumber optional) {
      body(g, optional.value(), description, true);
      return;
    }
    if (type instanceof TypeModel.JsonValue) {
      description(g, description); // any JSON value, null included
      return;
    }
    String ref = ref(type);
    if (ref != null || type instanceof TypeModel.Union) {
      if (nullable || type instanceof TypeModel.Union) {
        g.writeArrayFieldStart(ref != null ? "anyOf" : "oneOf");
        if (ref != null) {
          g.writeStartObject();
          g.writeStringField("$ref", ref);
          g.writeEndObject();
        } else {
          TypeModel.Union union = (TypeModel.Union) type;
          for (TypeModel.Variant variant : union.variants()) {
            g.writeStartObject();
            object(g, variant.record(), union.discriminator(), variant.value(), false);
            g.writeEndObject();
          }
        }
        if (nullable) {
          g.writeStartObject();
          g.writeStringField("type", "null");
          g.writeEndObject();
        }
        g.writeEndArray();
      } else {
        g.writeStringField("$ref", ref);
      }
      description(g, description);
      return;
    }
    if (type instanceof TypeModel.RecordType record) {
      object(g, record, "", "", nullable);
      description(g, description);
      return;
    }
    boolean real =
        type instanceof TypeModel.Scalar scalar
            && (scalar.kind() == TypeModel.ScalarKind.DOUBLE
                || scalar.kind() == TypeModel.ScalarKind.FLOAT);
    if (real || nullable) {
      g.writeArrayFieldStart("type");
      g.writeString(type.jsonType());
      if (real) {
        g.writeString("string");
      }
      if (nullable) {
        g.writeString("null");
      }
      g.writeEndArray();
    } else {
      g.writeStringField("type", type.jsonType());
    }
    description(g, description);
    if (real) {
      g.writeStringField("pattern", "^(NaN|-?Infinity)$"); // applies to strings only
    } else if (type instanceof TypeModel.EnumType enumType) {
      g.writeArrayFieldStart("enum");
      for (String constant : enumType.jsonValues()) {
        g.writeString(constant);
      }
      if (nullable) {
        g.writeNull();
      }
      g.writeEndArray();
    } else if (type instanceof TypeModel.Formatted formatted
        && formatted.kind() == TypeModel.FormattedKind.UUID) {
      g.writeStringField("format", "uuid");
    } else if (type instanceof TypeModel.Container container) {
      g.writeFieldName("items");
      value(g, container.element(), "");
    } else if (type instanceof TypeModel.ArrayType array) {
      g.writeFieldName("items");
      value(g, array.element(), "");
    } else if (type instanceof TypeModel.MapType map) {
      SchemaKeywords.propertyNames(g, map);
      g.writeFieldName("additionalProperties");
      value(g, map.value(), "");
    }
  }

  /**
   * A record's object keywords: every component required; {@code discriminator} (with its {@code
   * variant} value) first for a sealed interface's variant.
   */
  private void object(
      JsonGenerator g,
      TypeModel.RecordType record,
      String discriminator,
      String variant,
      boolean nullable)
      throws IOException {
    if (nullable) {
      g.writeArrayFieldStart("type");
      g.writeString("object");
      g.writeString("null");
      g.writeEndArray();
    } else {
      g.writeStringField("type", "object");
    }
    g.writeObjectFieldStart("properties");
    if (!discriminator.isEmpty()) {
      g.writeObjectFieldStart(discriminator);
      g.writeStringField("const", variant);
      g.writeEndObject();
    }
    for (PropertyModel property : record.properties()) {
      g.writeFieldName(property.name());
      value(g, property.type(), property.description());
    }
    g.writeEndObject();
    g.writeArrayFieldStart("required");
    if (!discriminator.isEmpty()) {
      g.writeString(discriminator);
    }
    for (PropertyModel property : record.properties()) {
      g.writeString(property.name());
    }
    g.writeEndArray();
    g.writeBooleanField("additionalProperties", false);
  }

  private static void description(JsonGenerator g, String description) throws IOException {
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
  }

  /** The {@code $defs} reference of a recursive record, or null when written in place. */
  private @Nullable String ref(TypeModel type) {
    if (type instanceof TypeModel.RecordRef recordRef) {
      return "#/$defs/" + Names.definition(recordRef.name());
    }
    if (type instanceof TypeModel.RecordType record
        && definitions.containsKey(Names.definition(record.name()))) {
      return "#/$defs/" + Names.definition(record.name());
    }
    return null;
  }
}
