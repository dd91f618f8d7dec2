package dev.toolsmith.processor;

import static dev.toolsmith.processor.AdapterGenerator.JSON_GENERATOR;
import static dev.toolsmith.processor.AdapterGenerator.OBJECT_READER;
import static dev.toolsmith.processor.AdapterGenerator.WRITERS;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * The code of a {@code Calls} class that turns JSON objects into records and back: a reader per
 * record (and per union variant), a writer per record and per sealed interface, and the statements
 * a handler shares with them (defaults filled in, values taken from the array an object was read
 * into).
 */
final class RecordCode {

  private final OwnerModel owner;
  private final CallsFields fields;

  RecordCode(OwnerModel owner, CallsFields fields) {
    this.owner = owner;
    this.fields = fields;
  }

  /** Replaces the values of properties not sent that have a default ({@code @Param}). */
  void fillDefaults(MethodSpec.Builder method, List<PropertyModel> properties) {
    for (int i = 0; i < properties.size(); i++) {
      PropertyModel property = properties.get(i);
      if (!property.hasDefault()) {
        continue;
      }
      CodeBlock value = fields.defaultValue(property);
      boolean optional =
          property.type() instanceof TypeModel.OptionalType
              || property.type() instanceof TypeModel.OptionalNumber;
      method.beginControlFlow(
          optional ? "if ((($T) v[$L]).isEmpty())" : "if (v[$L] == null)",
          optional ? new Object[] {property.type().typeName(), i} : new Object[] {i});
      method.addStatement("v[$L] = $L", i, value);
      method.endControlFlow();
    }
  }

  /** {@code properties}' values, cast from the array {@code v}, as constructor arguments. */
  static CodeBlock values(List<PropertyModel> properties) {
    List<CodeBlock> values = new ArrayList<>();
    for (int i = 0; i < properties.size(); i++) {
      values.add(value(properties.get(i), i));
    }
    return CodeBlock.join(values, ", ");
  }

  /** The value of {@code property}, read into the array {@code v} at {@code index}. */
  static CodeBlock value(PropertyModel property, int index) {
    return CodeBlock.of("($T) v[$L]", Expressions.localType(property.type()), index);
  }

  /** Reads a record, or a union's variant whose {@code discriminator} the union reader checked. */
  MethodSpec recordReader(TypeModel.RecordType record, String discriminator) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(
                discriminator.isEmpty()
                    ? Names.recordReader(record.name())
                    : Names.variantReader(record.name()))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(record.name())
            .addParameter(OBJECT_READER, "in")
            .addStatement(
                "Object[] v = $L.read(in)", fields.shape(record.properties(), discriminator));
    fillDefaults(method, record.properties());
    return method
        .addStatement(
            "return in.ok() ? new $T($L) : null", record.name(), values(record.properties()))
        .build();
  }

  MethodSpec recordWriter(TypeModel.RecordType record) {
    MethodSpec.Builder method = objectWriter(record.name());
    writeFields(method, record, CodeBlock.of("value"));
    return method.addStatement("generator.writeEndObject()").build();
  }

  /** Writes a sealed interface's value as its record's object, discriminator first. */
  MethodSpec unionWriter(TypeModel.Union union) {
    MethodSpec.Builder method = objectWriter(union.name());
    for (int i = 0; i < union.variants().size(); i++) {
      TypeModel.Variant variant = union.variants().get(i);
      String local = "v" + i;
      method.beginControlFlow(
          (i == 0 ? "if" : "else if") + " (value instanceof $T $N)",
          variant.record().name(),
          local);
      method.addStatement(
          "generator.writeStringField($S, $S)", union.discriminator(), variant.value());
      writeFields(method, variant.record(), CodeBlock.of("$N", local));
      method.endControlFlow();
    }
    return method.addStatement("generator.writeEndObject()").build();
  }

  /** The start of a method writing a value of {@code type} as one JSON object. */
  private static MethodSpec.Builder objectWriter(ClassName type) {
    return MethodSpec.methodBuilder(Names.recordWriter(type))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(JSON_GENERATOR, "generator")
        .addParameter(type, "value")
        .addException(IOException.class)
        .addStatement("generator.writeStartObject()");
  }

  private void writeFields(
      MethodSpec.Builder method, TypeModel.RecordType record, CodeBlock value) {
    for (PropertyModel property : record.properties()) {
      method
          .addStatement("generator.writeFieldName($S)", property.name())
          .addStatement(
              "$T.value(generator, $L, $L.$N())",
              WRITERS,
              fields.writer(property.type()),
              value,
              property.javaName());
    }
  }

  /**
   * Every record the adapter reads ({@code reading}) or writes, nested ones included, sorted by
   * name; the sealed interfaces met go to {@code unions}.
   */
  List<TypeModel.RecordType> records(boolean reading, Map<String, TypeModel.Union> unions) {
    Map<String, TypeModel.RecordType> found = new TreeMap<>();
    for (ToolModel tool : owner.tools()) {
      if (reading) {
        for (ToolModel.Argument argument : tool.arguments()) {
          if (argument instanceof ToolModel.RecordArgument record) {
            collect(record.record(), found, unions);
          } else if (argument instanceof ToolModel.PropertyArgument property) {
            collect(property.property().type(), found, unions);
          }
        }
      } else {
        collect(tool.returns(), found, unions);
      }
    }
    // A variant's own reader accepts the discriminator; it needs no plain reader unless used alone.
    return new ArrayList<>(found.values());
  }

  private static void collect(
      TypeModel type,
      Map<String, TypeModel.RecordType> found,
      Map<String, TypeModel.Union> unions) {
    if (type instanceof TypeModel.RecordType record) {
      if (found.putIfAbsent(record.name().canonicalName(), record) == null) {
        record.properties().forEach(p -> collect(p.type(), found, unions));
      }
    } else if (type instanceof TypeModel.Union union) {
      if (unions.putIfAbsent(union.name().canonicalName(), union) == null) {
        for (TypeModel.Variant variant : union.variants()) {
          variant.record().properties().forEach(p -> collect(p.type(), found, unions));
        }
      }
    } else if (type instanceof TypeModel.Container container) {
      collect(container.element(), found, unions);
    } else if (type instanceof TypeModel.ArrayType array) {
      collect(array.element(), found, unions);
    } else if (type instanceof TypeModel.MapType map) {
      collect(map.value(), found, unions);
    } else if (type instanceof TypeModel.OptionalType optional) {
      collect(optional.value(), found, unions);
    }
  }
}
