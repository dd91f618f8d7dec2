package dev.toolsmith.processor;

import static dev.toolsmith.processor.AdapterGenerator.JSON_GENERATOR;
import static dev.toolsmith.processor.RuntimeTypes.ARGUMENT_READER;
import static dev.toolsmith.processor.RuntimeTypes.WRITERS;
import static java.util.Objects.requireNonNull;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * The code of a {@code Calls} class that turns JSON objects into records and back: a reader per
 * record (and per union variant), and a writer per record and per sealed interface.
 */
final class RecordCode {

  private final CallsFields fields;
  private final CallNames names;
  private final ObjectReading reading;

  /** The records, unions and variants the owner's tools read or write, by name. */
  private final Map<ClassName, TypeModel.RecordType> records = new HashMap<>();

  private final Map<ClassName, TypeModel.Union> unions = new HashMap<>();
  private final Map<ClassName, String> variantDiscriminators = new HashMap<>();

  RecordCode(OwnerModel owner, CallsFields fields, CallNames names) {
    this.fields = fields;
    this.names = names;
    this.reading = new ObjectReading(fields);
    for (ToolModel tool : owner.tools()) {
      for (ToolModel.Argument argument : tool.invocation().arguments()) {
        if (argument instanceof ToolModel.RecordArgument record) {
          collect(record.record());
        } else if (argument instanceof ToolModel.PropertyArgument property) {
          collect(property.property().type());
        }
      }
      collect(tool.invocation().returns());
    }
  }

  /** The code of a record method the call code refers to. */
  MethodSpec method(CallNames.Method method) {
    return switch (method.role()) {
      case READ -> recordReader(record(method.type()), "");
      case READ_VARIANT ->
          recordReader(
              record(method.type()), requireNonNull(variantDiscriminators.get(method.type())));
      case WRITE ->
          unions.containsKey(method.type())
              ? unionWriter(unions.get(method.type()))
              : recordWriter(record(method.type()));
    };
  }

  private TypeModel.RecordType record(ClassName name) {
    return requireNonNull(records.get(name), () -> "no record " + name);
  }

  /**
   * Reads a record, or a union's variant whose {@code discriminator} the union reader checked: its
   * properties into locals, then the record when the object had no problem.
   */
  private MethodSpec recordReader(TypeModel.RecordType record, String discriminator) {
    NameAllocator locals = ObjectReading.locals();
    ObjectReading.Code read =
        reading.read(
            record.properties(),
            fields.shape(record.name().simpleName(), record.properties(), discriminator),
            locals);
    return MethodSpec.methodBuilder(
            names.method(
                discriminator.isEmpty() ? CallNames.Role.READ : CallNames.Role.READ_VARIANT,
                record.name()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(record.name())
        .addParameter(ARGUMENT_READER, "in")
        .addCode(read.code())
        .addStatement(
            "return in.endObject($L) ? new $T($L) : null",
            fields.shape(record.name().simpleName(), record.properties(), discriminator),
            record.name(),
            String.join(", ", read.locals()))
        .build();
  }

  private MethodSpec recordWriter(TypeModel.RecordType record) {
    MethodSpec.Builder method = objectWriter(record.name());
    writeFields(method, record, CodeBlock.of("value"));
    return method.addStatement("generator.writeEndObject()").build();
  }

  /** Writes a sealed interface's value as its record's object, discriminator first. */
  private MethodSpec unionWriter(TypeModel.Union union) {
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
  private MethodSpec.Builder objectWriter(ClassName type) {
    return MethodSpec.methodBuilder(names.method(CallNames.Role.WRITE, type))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(JSON_GENERATOR, "generator")
        .addParameter(type, "value")
        .addException(IOException.class)
        .addStatement("generator.writeStartObject()");
  }

  private void writeFields(
      MethodSpec.Builder method, TypeModel.RecordType record, CodeBlock value) {
    for (PropertyModel property : record.properties()) {
      CodeBlock component = CodeBlock.of("$L.$N()", value, property.javaName());
      method.addStatement("generator.writeFieldName($S)", property.name());
      TypeModel type = property.type();
      if (type instanceof TypeModel.Scalar scalar && scalar.primitive()) {
        method.addStatement(
            switch (scalar.kind()) {
              case BOOLEAN -> CodeBlock.of("generator.writeBoolean($L)", component);
              case CHAR ->
                  CodeBlock.of("generator.writeString($T.valueOf($L))", String.class, component);
              default -> CodeBlock.of("generator.writeNumber($L)", component);
            });
      } else if (type instanceof TypeModel.Text) {
        method.addStatement("generator.writeString($L)", component); // null as JSON null
      } else {
        method.addStatement("$T.value(generator, $L, $L)", WRITERS, fields.writer(type), component);
      }
    }
  }

  private void collect(TypeModel type) {
    if (type instanceof TypeModel.RecordType record) {
      if (records.putIfAbsent(record.name(), record) == null) {
        record.properties().forEach(p -> collect(p.type()));
      }
    } else if (type instanceof TypeModel.Union union) {
      if (unions.putIfAbsent(union.name(), union) == null) {
        for (TypeModel.Variant variant : union.variants()) {
          records.putIfAbsent(variant.record().name(), variant.record());
          variantDiscriminators.put(variant.record().name(), union.discriminator());
          variant.record().properties().forEach(p -> collect(p.type()));
        }
      }
    } else if (type instanceof TypeModel.Container container) {
      collect(container.element());
    } else if (type instanceof TypeModel.ArrayType array) {
      collect(array.element());
    } else if (type instanceof TypeModel.MapType map) {
      collect(map.value());
    } else if (type instanceof TypeModel.OptionalType optional) {
      collect(optional.value());
    }
  }
}
