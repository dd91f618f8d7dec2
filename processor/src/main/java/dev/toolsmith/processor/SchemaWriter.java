package dev.toolsmith.processor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Writes the JSON Schema of a tool's arguments object. Keys come in a fixed order (type,
 * description, then the kind's keys, then bounds), so the same model always gives the same bytes.
 */
final class SchemaWriter {

  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private SchemaWriter() {}

  /** {@code {"type":"object","properties":{...},"required":[...],"additionalProperties":false}}. */
  static String schema(ToolModel tool) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      writeObject(g, "", tool.properties());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void writeObject(
      JsonGenerator g, String description, List<PropertyModel> properties) throws IOException {
    g.writeStartObject();
    g.writeStringField("type", "object");
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    g.writeObjectFieldStart("properties");
    for (PropertyModel property : properties) {
      g.writeFieldName(property.name());
      write(g, property.type(), property.description(), property.minimum(), property.maximum());
    }
    g.writeEndObject();
    if (properties.stream().anyMatch(PropertyModel::required)) {
      g.writeArrayFieldStart("required");
      for (PropertyModel property : properties) {
        if (property.required()) {
          g.writeString(property.name());
        }
      }
      g.writeEndArray();
    }
    g.writeBooleanField("additionalProperties", false);
    g.writeEndObject();
  }

  private static void write(
      JsonGenerator g, TypeModel type, String description, double minimum, double maximum)
      throws IOException {
    if (type instanceof TypeModel.OptionalType) {
      write(g, ((TypeModel.OptionalType) type).value(), description, minimum, maximum);
      return;
    }
    if (type instanceof TypeModel.RecordType) {
      writeObject(g, description, ((TypeModel.RecordType) type).properties());
      return;
    }
    g.writeStartObject();
    g.writeStringField("type", type.jsonType());
    if (!description.isEmpty()) {
      g.writeStringField("description", description);
    }
    if (type instanceof TypeModel.Scalar
        && ((TypeModel.Scalar) type).kind() == TypeModel.ScalarKind.CHAR) {
      g.writeNumberField("minLength", 1);
      g.writeNumberField("maxLength", 1);
    } else if (type instanceof TypeModel.EnumType) {
      g.writeArrayFieldStart("enum");
      for (String constant : ((TypeModel.EnumType) type).constants()) {
        g.writeString(constant);
      }
      g.writeEndArray();
    } else if (type instanceof TypeModel.Container) {
      TypeModel.Container container = (TypeModel.Container) type;
      g.writeFieldName("items");
      write(g, container.element(), "", Double.NaN, Double.NaN);
      if (container.kind() == TypeModel.ContainerKind.SET) {
        g.writeBooleanField("uniqueItems", true);
      }
    } else if (type instanceof TypeModel.ArrayType) {
      g.writeFieldName("items");
      write(g, ((TypeModel.ArrayType) type).element(), "", Double.NaN, Double.NaN);
    } else if (type instanceof TypeModel.MapType) {
      g.writeFieldName("additionalProperties");
      write(g, ((TypeModel.MapType) type).value(), "", Double.NaN, Double.NaN);
    }
    writeBound(g, "minimum", minimum);
    writeBound(g, "maximum", maximum);
    g.writeEndObject();
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
