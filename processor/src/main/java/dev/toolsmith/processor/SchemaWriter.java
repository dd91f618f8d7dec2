package dev.toolsmith.processor;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import com.squareup.javapoet.ClassName;
import dev.toolsmith.schema.SchemaJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Writes the JSON Schema (2020-12) of a tool's arguments object. Keys come in a fixed order (type,
 * description, the kind's keys, then the constraints), so the same model always gives the same
 * bytes. A property that may be left out may also be null (its type admits "null"): the reader
 * accepts null for it, and OpenAI's strict mode sends null for it.
 */
final class SchemaWriter {

  /** Recursive records by {@code $defs} key; written once, referred to everywhere. */
  private final Map<String, TypeModel.RecordType> definitions = new TreeMap<>();

  private SchemaWriter() {}

  /** {@code {"type":"object","properties":{...},"required":[...],"additionalProperties":false}}. */
  static String schema(ToolModel tool) {
    SchemaWriter writer = new SchemaWriter();
    // A single record argument is the root object itself; it may be referred to from inside.
    for (ToolModel.Argument argument : tool.invocation().arguments()) {
      if (argument instanceof ToolModel.RecordArgument record) {
        collect(record.record(), new TreeMap<>(), writer.definitions);
      } else if (argument instanceof ToolModel.PropertyArgument property) {
        collect(property.property().type(), new TreeMap<>(), writer.definitions);
      }
    }
    StringWriter out = new StringWriter();
    try (JsonGenerator g = SchemaJson.FACTORY.createGenerator(out)) {
      writer.writeObject(g, "", tool.invocation().properties(), "", "", false, true);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /**
   * Finds the records referred to from inside themselves and puts them in {@code definitions} by
   * {@code $defs} key, so they are written once; {@code open} holds the records being read, by
   * name.
   */
  static void collect(
      TypeModel type,
      Map<String, TypeModel.RecordType> open,
      Map<String, TypeModel.RecordType> definitions) {
    if (type instanceof TypeModel.RecordRef ref) {
      ClassName name = ref.name();
      definitions.put(
          Names.definition(name),
          requireNonNull(open.get(name.canonicalName()), "reference outside its record"));
    } else if (type instanceof TypeModel.RecordType record) {
      String key = record.name().canonicalName();
      if (open.containsKey(key)) {
        return;
      }
      open.put(key, record);
      record.properties().forEach(p -> collect(p.type(), open, definitions));
      open.remove(key);
    } else if (type instanceof TypeModel.Union union) {
      union.variants().forEach(v -> collect(v.record(), open, definitions));
    } else if (type instanceof TypeModel.Container container) {
      collect(container.element(), open, definitions);
    } else if (type instanceof TypeModel.ArrayType array) {
      collect(array.element(), open, definitions);
    } else if (type instanceof TypeModel.MapType map) {
      collect(map.value(), open, definitions);
    } else if (type instanceof TypeModel.OptionalType optional) {
      collect(optional.value(), open, definitions);
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
      write(
          g, property.type(), property.description(), property.constraints(), !property.required());
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
      JsonGenerator g,
      TypeModel type,
      String description,
      PropertyConstraints constraints,
      boolean nullable)
      throws IOException {
    if (type instanceof TypeModel.OptionalType optional) {
      write(g, optional.value(), description, constraints, true);
      return;
    }
    if (type instanceof TypeModel.OptionalNumber optional) {
      write(g, optional.value(), description, constraints, true);
      return;
    }
    ClassName refName = refName(type);
    if (refName != null) {
      writeRef(g, refName, description, nullable);
      return;
    }
    if (type instanceof TypeModel.RecordType record) {
      writeObject(g, description, record.properties(), "", "", nullable, false);
      return;
    }
    if (type instanceof TypeModel.Union union) {
      writeUnion(g, union, description, nullable);
      return;
    }
    g.writeStartObject();
    if (!(type instanceof TypeModel.JsonValue)) {
      writeType(g, type.jsonType(), nullable);
    }
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    SchemaKeywords.allowedValues(g, type, constraints, nullable);
    SchemaKeywords.stringKeywords(g, type, constraints);
    writeItems(g, type);
    SchemaKeywords.arrayKeywords(g, type, constraints);
    SchemaKeywords.numberKeywords(g, constraints);
    SchemaKeywords.valueKeywords(g, constraints);
    g.writeEndObject();
  }

  /** The record {@code type} refers to in {@code $defs}, or null when it is written in place. */
  private @Nullable ClassName refName(TypeModel type) {
    if (type instanceof TypeModel.RecordRef ref) {
      return ref.name();
    }
    if (type instanceof TypeModel.RecordType record
        && definitions.containsKey(Names.definition(record.name()))) {
      return record.name();
    }
    return null;
  }

  /** The schema of a container's items, or of a map's values (and its enum keys). */
  private void writeItems(JsonGenerator g, TypeModel type) throws IOException {
    if (type instanceof TypeModel.Container container) {
      g.writeFieldName("items");
      write(g, container.element(), "", PropertyConstraints.NONE, false);
      if (container.kind() == TypeModel.ContainerKind.SET) {
        g.writeBooleanField("uniqueItems", true);
      }
    } else if (type instanceof TypeModel.ArrayType array) {
      g.writeFieldName("items");
      write(g, array.element(), "", PropertyConstraints.NONE, false);
    } else if (type instanceof TypeModel.MapType map) {
      SchemaKeywords.propertyNames(g, map);
      g.writeFieldName("additionalProperties");
      write(g, map.value(), "", PropertyConstraints.NONE, false);
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
}
