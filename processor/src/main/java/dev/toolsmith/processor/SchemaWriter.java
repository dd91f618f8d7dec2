package dev.toolsmith.processor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.squareup.javapoet.ClassName;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the JSON Schema (2020-12) of a tool's arguments object. Keys come in a fixed order (type,
 * description, the kind's keys, then the hints), so the same model always gives the same bytes. A
 * property that may be left out may also be null (its type admits "null"): the reader accepts null
 * for it, and OpenAI's strict mode sends null for it.
 */
final class SchemaWriter {

  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  /** Recursive records by {@code $defs} key; written once, referred to everywhere. */
  private final Map<String, TypeModel.RecordType> definitions = new TreeMap<>();

  private SchemaWriter() {}

  /** {@code {"type":"object","properties":{...},"required":[...],"additionalProperties":false}}. */
  static String schema(ToolModel tool) {
    SchemaWriter writer = new SchemaWriter();
    // A single record argument is the root object itself; it may be referred to from inside.
    for (ToolModel.Argument argument : tool.arguments()) {
      if (argument instanceof ToolModel.RecordArgument) {
        writer.collect(
            ((ToolModel.RecordArgument) argument).record(),
            new java.util.HashSet<>(),
            new TreeMap<>());
      } else if (argument instanceof ToolModel.PropertyArgument) {
        writer.collect(
            ((ToolModel.PropertyArgument) argument).property().type(),
            new java.util.HashSet<>(),
            new TreeMap<>());
      }
    }
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      writer.writeObject(g, "", tool.properties(), "", "", false, true);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /** Finds the records referred to from inside themselves, so they go to {@code $defs}. */
  private void collect(
      TypeModel type, java.util.Set<String> seen, Map<String, TypeModel.RecordType> open) {
    if (type instanceof TypeModel.RecordRef) {
      ClassName name = ((TypeModel.RecordRef) type).name();
      definitions.put(Names.definition(name), open.get(name.canonicalName()));
    } else if (type instanceof TypeModel.RecordType) {
      TypeModel.RecordType record = (TypeModel.RecordType) type;
      String key = record.name().canonicalName();
      if (open.containsKey(key)) {
        return;
      }
      open.put(key, record);
      record.properties().forEach(p -> collect(p.type(), seen, open));
      open.remove(key);
    } else if (type instanceof TypeModel.Union) {
      ((TypeModel.Union) type).variants().forEach(v -> collect(v.record(), seen, open));
    } else if (type instanceof TypeModel.Container) {
      collect(((TypeModel.Container) type).element(), seen, open);
    } else if (type instanceof TypeModel.ArrayType) {
      collect(((TypeModel.ArrayType) type).element(), seen, open);
    } else if (type instanceof TypeModel.MapType) {
      collect(((TypeModel.MapType) type).value(), seen, open);
    } else if (type instanceof TypeModel.OptionalType) {
      collect(((TypeModel.OptionalType) type).value(), seen, open);
    }
  }

  /**
   * An object schema; {@code discriminator} (with its {@code value}) is an extra required string
   * property of a union's variant; {@code root} adds the {@code $defs}.
   */
  private void writeObject(
      JsonGenerator g,
      String description,
      List<PropertyModel> properties,
      String discriminator,
      String value,
      boolean nullable,
      boolean root)
      throws IOException {
    g.writeStartObject();
    writeType(g, "object", nullable);
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    g.writeObjectFieldStart("properties");
    if (!discriminator.isEmpty()) {
      g.writeObjectFieldStart(discriminator);
      g.writeStringField("type", "string");
      g.writeArrayFieldStart("enum");
      g.writeString(value);
      g.writeEndArray();
      g.writeEndObject();
    }
    for (PropertyModel property : properties) {
      g.writeFieldName(property.name());
      write(g, property.type(), property.description(), property.hints(), !property.required());
    }
    g.writeEndObject();
    if (!discriminator.isEmpty() || properties.stream().anyMatch(PropertyModel::required)) {
      g.writeArrayFieldStart("required");
      if (!discriminator.isEmpty()) {
        g.writeString(discriminator);
      }
      for (PropertyModel property : properties) {
        if (property.required()) {
          g.writeString(property.name());
        }
      }
      g.writeEndArray();
    }
    g.writeBooleanField("additionalProperties", false);
    if (root && !definitions.isEmpty()) {
      g.writeObjectFieldStart("$defs");
      for (Map.Entry<String, TypeModel.RecordType> definition : definitions.entrySet()) {
        g.writeFieldName(definition.getKey());
        writeObject(g, "", definition.getValue().properties(), "", "", false, false);
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void writeType(JsonGenerator g, String type, boolean nullable) throws IOException {
    if (nullable) {
      g.writeArrayFieldStart("type");
      g.writeString(type);
      g.writeString("null");
      g.writeEndArray();
    } else {
      g.writeStringField("type", type);
    }
  }

  private void write(
      JsonGenerator g, TypeModel type, String description, Hints hints, boolean nullable)
      throws IOException {
    if (type instanceof TypeModel.OptionalType) {
      write(g, ((TypeModel.OptionalType) type).value(), description, hints, true);
      return;
    }
    if (type instanceof TypeModel.OptionalNumber) {
      write(g, ((TypeModel.OptionalNumber) type).value(), description, hints, true);
      return;
    }
    ClassName refName = null;
    if (type instanceof TypeModel.RecordRef) {
      refName = ((TypeModel.RecordRef) type).name();
    } else if (type instanceof TypeModel.RecordType
        && definitions.containsKey(Names.definition(((TypeModel.RecordType) type).name()))) {
      refName = ((TypeModel.RecordType) type).name();
    }
    if (refName != null) {
      writeRef(g, refName, description, nullable);
      return;
    }
    if (type instanceof TypeModel.RecordType) {
      writeObject(
          g, description, ((TypeModel.RecordType) type).properties(), "", "", nullable, false);
      return;
    }
    if (type instanceof TypeModel.Union) {
      writeUnion(g, (TypeModel.Union) type, description, nullable);
      return;
    }
    g.writeStartObject();
    if (!(type instanceof TypeModel.JsonValue)) {
      writeType(g, type.jsonType(), nullable);
    }
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    if (type instanceof TypeModel.EnumType) {
      g.writeArrayFieldStart("enum");
      for (String constant : ((TypeModel.EnumType) type).jsonValues()) {
        g.writeString(constant);
      }
      if (nullable) {
        g.writeNull();
      }
      g.writeEndArray();
    } else if (!hints.allowedJson().isEmpty()) {
      g.writeArrayFieldStart("enum");
      for (String value : hints.allowedJson()) {
        g.writeRawValue(value);
      }
      if (nullable) {
        g.writeNull();
      }
      g.writeEndArray();
    }
    if (type instanceof TypeModel.Formatted) {
      TypeModel.FormattedKind kind = ((TypeModel.Formatted) type).kind();
      if (!kind.format.isEmpty()) {
        g.writeStringField("format", kind.format);
      }
      if (!kind.pattern.isEmpty() && hints.pattern().isEmpty()) {
        g.writeStringField("pattern", kind.pattern);
      }
    }
    if (!hints.format().isEmpty()) {
      g.writeStringField("format", hints.format());
    }
    if (type instanceof TypeModel.Scalar
        && ((TypeModel.Scalar) type).kind() == TypeModel.ScalarKind.CHAR) {
      // One UTF-16 unit: a character outside the Basic Multilingual Plane does not fit a char.
      g.writeNumberField("minLength", 1);
      g.writeNumberField("maxLength", 1);
      g.writeStringField("pattern", "^[\\u0000-\\uffff]$");
    }
    writeCount(g, "minLength", hints.minLength());
    writeCount(g, "maxLength", hints.maxLength());
    if (!hints.pattern().isEmpty()) {
      g.writeStringField("pattern", hints.pattern());
    }
    if (type instanceof TypeModel.Container) {
      TypeModel.Container container = (TypeModel.Container) type;
      g.writeFieldName("items");
      write(g, container.element(), "", Hints.NONE, false);
      if (container.kind() == TypeModel.ContainerKind.SET) {
        g.writeBooleanField("uniqueItems", true);
      }
    } else if (type instanceof TypeModel.ArrayType) {
      g.writeFieldName("items");
      write(g, ((TypeModel.ArrayType) type).element(), "", Hints.NONE, false);
    } else if (type instanceof TypeModel.MapType) {
      TypeModel.MapType map = (TypeModel.MapType) type;
      if (map.enumKey().isPresent()) {
        g.writeObjectFieldStart("propertyNames");
        g.writeArrayFieldStart("enum");
        for (String key : map.enumKey().get().jsonValues()) {
          g.writeString(key);
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeFieldName("additionalProperties");
      write(g, map.value(), "", Hints.NONE, false);
    }
    writeCount(g, "minItems", hints.minItems());
    writeCount(g, "maxItems", hints.maxItems());
    if (hints.uniqueItems()
        && !(type instanceof TypeModel.Container
            && ((TypeModel.Container) type).kind() == TypeModel.ContainerKind.SET)) {
      g.writeBooleanField("uniqueItems", true);
    }
    // No implicit bounds for the Java type's own range (an int is just "integer"): they would
    // cost the model's context on every request; the reader still refuses what does not fit.
    writeBound(g, "minimum", hints.minimum());
    writeBound(g, "exclusiveMinimum", hints.exclusiveMinimum());
    writeBound(g, "maximum", hints.maximum());
    writeBound(g, "exclusiveMaximum", hints.exclusiveMaximum());
    writeBound(g, "multipleOf", hints.multipleOf());
    writeValueHints(g, hints);
    g.writeEndObject();
  }

  private static void writeValueHints(JsonGenerator g, Hints hints) throws IOException {
    if (!hints.defaultJson().isEmpty()) {
      g.writeFieldName("default");
      g.writeRawValue(hints.defaultJson());
    }
    if (!hints.examplesJson().isEmpty()) {
      g.writeArrayFieldStart("examples");
      for (String example : hints.examplesJson()) {
        g.writeRawValue(example);
      }
      g.writeEndArray();
    }
    if (hints.deprecated()) {
      g.writeBooleanField("deprecated", true);
    }
  }

  private static void writeRef(
      JsonGenerator g, ClassName name, String description, boolean nullable) throws IOException {
    g.writeStartObject();
    String ref = "#/$defs/" + Names.definition(name);
    if (nullable) {
      g.writeArrayFieldStart("anyOf");
      g.writeStartObject();
      g.writeStringField("$ref", ref);
      g.writeEndObject();
      g.writeStartObject();
      g.writeStringField("type", "null");
      g.writeEndObject();
      g.writeEndArray();
    } else {
      g.writeStringField("$ref", ref);
    }
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    g.writeEndObject();
  }

  private void writeUnion(
      JsonGenerator g, TypeModel.Union union, String description, boolean nullable)
      throws IOException {
    g.writeStartObject();
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    g.writeArrayFieldStart("oneOf");
    for (TypeModel.Variant variant : union.variants()) {
      writeObject(
          g,
          "",
          variant.record().properties(),
          union.discriminator(),
          variant.value(),
          false,
          false);
    }
    if (nullable) {
      g.writeStartObject();
      g.writeStringField("type", "null");
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void writeCount(JsonGenerator g, String key, int value) throws IOException {
    if (value >= 0) {
      g.writeNumberField(key, value);
    }
  }

  private static void writeBound(JsonGenerator g, String key, double value) throws IOException {
    if (Double.isNaN(value)) {
      return;
    }
    g.writeFieldName(key);
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      g.writeNumber((long) value);
    } else {
      g.writeNumber(value);
    }
  }
}
