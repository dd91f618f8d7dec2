package dev.toolsmith.processor;

import static dev.toolsmith.processor.AdapterGenerator.JSON_GENERATOR;
import static dev.toolsmith.processor.AdapterGenerator.OBJECT_READER;
import static dev.toolsmith.processor.AdapterGenerator.OBJECT_SHAPE;
import static dev.toolsmith.processor.AdapterGenerator.RESULTS;
import static dev.toolsmith.processor.AdapterGenerator.TOOL_CONTEXT;
import static dev.toolsmith.processor.AdapterGenerator.VALUE_READER;
import static dev.toolsmith.processor.AdapterGenerator.VALUE_WRITER;
import static dev.toolsmith.processor.AdapterGenerator.WRITERS;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.WildcardTypeName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;

/**
 * Generates an adapter's nested {@code Calls} class: per tool the code that reads the arguments
 * (an {@code ObjectShape} per object), calls the method and writes its result, and the readers
 * and writers of the records involved, built once per class. It loads on the first call.
 */
final class CallsGenerator {

  private final OwnerModel owner;
  private final ClassName calls;

  /** The {@code ObjectShape} factory methods the shapes call. */
  private final SortedSet<String> shapeMethods = new TreeSet<>();

  /** Composed readers, writers and shapes, built once per class instead of once per call. */
  private final Map<String, FieldSpec> hoisted = new LinkedHashMap<>();

  private CallsGenerator(OwnerModel owner, ClassName calls) {
    this.owner = owner;
    this.calls = calls;
  }

  /**
   * The generated class and the {@code ObjectShape} factory methods it calls, which the file
   * imports statically (and only those).
   *
   * @param type the class
   * @param shapeMethods {@code required} and {@code optional}, as far as used, sorted
   */
  record Output(TypeSpec type, List<String> shapeMethods) {}

  /** The class named {@code calls} holding the call code of {@code owner}'s tools. */
  static Output generate(OwnerModel owner, ClassName calls) {
    CallsGenerator generator = new CallsGenerator(owner, calls);
    TypeSpec type = generator.callsClass();
    return new Output(type, List.copyOf(generator.shapeMethods));
  }

  /** The nested class holding every tool's call code: readers, the calls, result writers. */
  private TypeSpec callsClass() {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(calls)
            .addJavadoc("The tools' call code, loaded on the first call of one of them.\n")
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    boolean hasSync = owner.tools().stream().anyMatch(t -> !t.async());
    boolean hasAsync = owner.tools().stream().anyMatch(ToolModel::async);
    if (hasSync) {
      type.addMethod(dispatcher("call", false, ClassName.get(String.class)));
    }
    if (hasAsync) {
      type.addMethod(
          dispatcher(
              "callAsync",
              true,
              ParameterizedTypeName.get(
                  ClassName.get(java.util.concurrent.CompletionStage.class),
                  ClassName.get(String.class))));
    }
    for (ToolModel tool : owner.tools()) {
      type.addMethod(handler(tool));
    }
    Map<String, TypeModel.Union> unionsRead = new TreeMap<>();
    Map<String, TypeModel.Union> unionsWritten = new TreeMap<>();
    for (TypeModel.RecordType record : records(true, unionsRead)) {
      type.addMethod(recordReader(record, ""));
    }
    for (TypeModel.Union union : unionsRead.values()) {
      for (TypeModel.Variant variant : union.variants()) {
        type.addMethod(recordReader(variant.record(), union.discriminator()));
      }
    }
    for (TypeModel.RecordType record : records(false, unionsWritten)) {
      type.addMethod(recordWriter(record));
    }
    for (TypeModel.Union union : unionsWritten.values()) {
      type.addMethod(unionWriter(union));
    }
    hoisted.values().forEach(type::addField);
    return type.build();
  }

  /** Calls the tool numbered {@code tool} (its place in the sorted list). */
  private MethodSpec dispatcher(String name, boolean async, TypeName returns) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(name)
            .addModifiers(Modifier.STATIC)
            .returns(returns)
            .addParameter(int.class, "tool");
    if (owner.hasInstanceTools()) {
      method.addParameter(owner.owner(), "owner");
    }
    method
        .addParameter(String.class, "arguments")
        .addParameter(TOOL_CONTEXT, "context")
        .addException(Exception.class);
    CodeBlock.Builder cases = CodeBlock.builder().add("return switch (tool) {\n").indent();
    for (int i = 0; i < owner.tools().size(); i++) {
      ToolModel tool = owner.tools().get(i);
      if (tool.async() == async) {
        cases.add(
            "case $L -> $N($Larguments, context);\n",
            i,
            Names.handler(tool.name()),
            tool.isStatic() ? "" : "owner, ");
      }
    }
    cases.add("default -> throw new $T($S + tool);\n", IllegalStateException.class, "no tool ");
    return method.addCode(cases.unindent().add("};\n").build()).build();
  }

  private MethodSpec handler(ToolModel tool) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(Names.handler(tool.name()))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .addException(Exception.class);
    if (!tool.isStatic()) {
      method.addParameter(owner.owner(), "owner");
    }
    method.addParameter(String.class, "arguments").addParameter(TOOL_CONTEXT, "context");
    List<CodeBlock> callArguments = new ArrayList<>();
    List<PropertyModel> properties =
        tool.arguments().stream()
            .filter(ToolModel.PropertyArgument.class::isInstance)
            .map(a -> ((ToolModel.PropertyArgument) a).property())
            .toList();
    Optional<TypeModel.RecordType> record =
        tool.arguments().stream()
            .filter(ToolModel.RecordArgument.class::isInstance)
            .map(a -> ((ToolModel.RecordArgument) a).record())
            .findFirst();
    if (!properties.isEmpty() || record.isPresent()) {
      List<PropertyModel> read = record.map(TypeModel.RecordType::properties).orElse(properties);
      method.addStatement("Object[] v = $L.arguments(arguments)", shape(read, ""));
      fillDefaults(method, read);
    } else {
      method.addStatement("$L.arguments(arguments)", shape(List.of(), ""));
    }
    for (ToolModel.Argument argument : tool.arguments()) {
      if (argument instanceof ToolModel.ContextArgument) {
        callArguments.add(CodeBlock.of("context"));
      } else if (argument instanceof ToolModel.RecordArgument) {
        callArguments.add(
            CodeBlock.of("new $T($L)", record.get().name(), values(record.get().properties())));
      } else {
        PropertyModel property = ((ToolModel.PropertyArgument) argument).property();
        callArguments.add(value(property, properties.indexOf(property)));
      }
    }
    CodeBlock call =
        CodeBlock.of(
            "$L.$N($L)",
            tool.isStatic() ? CodeBlock.of("$T", owner.owner()) : CodeBlock.of("owner"),
            tool.methodName(),
            CodeBlock.join(callArguments, ", "));
    TypeName resultType = ClassName.get(String.class);
    if (tool.async()) {
      resultType =
          ParameterizedTypeName.get(
              ClassName.get(java.util.concurrent.CompletionStage.class), resultType);
      method.addStatement(
          "return $L.thenApply(value -> $L)", call, result(tool.returns(), CodeBlock.of("value")));
    } else if (tool.returns() instanceof TypeModel.VoidType) {
      method.addStatement("$L", call).addStatement("return $T.OK", RESULTS);
    } else {
      method
          .addStatement("$T result = $L", tool.returns().typeName(), call)
          .addStatement("return $L", result(tool.returns(), CodeBlock.of("result")));
    }
    return method.returns(resultType).build();
  }

  private CodeBlock result(TypeModel type, CodeBlock value) {
    if (type instanceof TypeModel.VoidType) {
      return CodeBlock.of("$T.OK", RESULTS);
    }
    if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.string($L)", RESULTS, value);
    }
    return CodeBlock.of("$T.json($L, $L)", RESULTS, value, writer(type));
  }

  /** The reader of {@code property}: a runtime constant, or a field holding the composed reader. */
  private CodeBlock reader(PropertyModel property) {
    CodeBlock reader = Expressions.propertyReader(property, calls);
    TypeName type = ParameterizedTypeName.get(VALUE_READER, Expressions.localType(property.type()));
    return hoist(Names.READER_FIELD, type, reader);
  }

  /** The writer of {@code type}: a runtime constant, or a field holding the composed writer. */
  private CodeBlock writer(TypeModel type) {
    CodeBlock writer = Expressions.writer(type, calls);
    TypeName field =
        ParameterizedTypeName.get(
            VALUE_WRITER, WildcardTypeName.supertypeOf(type.typeName().box()));
    return hoist(Names.WRITER_FIELD, field, writer);
  }

  private CodeBlock hoist(String prefix, TypeName type, CodeBlock expression) {
    String text = expression.toString();
    if (!text.contains("(") && !text.contains("::")) {
      return expression; // already a constant of Readers or Writers
    }
    String key = type + " = " + text;
    FieldSpec field = hoisted.get(key);
    if (field == null) {
      long index = hoisted.values().stream().filter(f -> f.name.startsWith(prefix)).count();
      field =
          FieldSpec.builder(
                  type,
                  Names.composedField(prefix, index),
                  Modifier.PRIVATE,
                  Modifier.STATIC,
                  Modifier.FINAL)
              .initializer(expression)
              .build();
      hoisted.put(key, field);
    }
    return CodeBlock.of("$N", field);
  }

  /**
   * The hoisted {@code ObjectShape} of an object with {@code properties}; a union variant's shape
   * also accepts its {@code discriminator} property (already checked by the union reader).
   */
  private CodeBlock shape(List<PropertyModel> properties, String discriminator) {
    List<CodeBlock> entries = new ArrayList<>();
    if (!discriminator.isEmpty()) {
      entries.add(CodeBlock.of("$S", discriminator));
    }
    for (PropertyModel property : properties) {
      CodeBlock reader = reader(property);
      CodeBlock absent = Expressions.absent(property.type());
      if (property.required()) {
        shapeMethods.add("required");
        entries.add(
            CodeBlock.of(
                "$T.required($S, $L, $S)",
                OBJECT_SHAPE,
                property.name(),
                reader,
                Expressions.expected(property.type())));
      } else if (absent.toString().equals("null")) {
        shapeMethods.add("optional");
        entries.add(CodeBlock.of("$T.optional($S, $L)", OBJECT_SHAPE, property.name(), reader));
      } else {
        shapeMethods.add("optional");
        entries.add(
            CodeBlock.of(
                "$T.optional($S, $L, $L)", OBJECT_SHAPE, property.name(), reader, absent));
      }
    }
    CodeBlock shape =
        CodeBlock.of(
            "$T.$L($L)",
            OBJECT_SHAPE,
            discriminator.isEmpty() ? "of" : "variant",
            CodeBlock.join(entries, ", "));
    return hoist(Names.SHAPE_FIELD, OBJECT_SHAPE, shape);
  }

  /** Replaces the values of properties not sent that have a default ({@code @Param}). */
  private void fillDefaults(MethodSpec.Builder method, List<PropertyModel> properties) {
    for (int i = 0; i < properties.size(); i++) {
      PropertyModel property = properties.get(i);
      if (!property.hasDefault()) {
        continue;
      }
      CodeBlock value =
          hoist(
              Names.DEFAULT_FIELD,
              Expressions.localType(property.type()),
              CodeBlock.of(
                  "$T.defaultValue($L, $S)",
                  Expressions.CONSTRAINTS,
                  Expressions.propertyReader(property, calls),
                  property.hints().defaultJson()));
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
  private static CodeBlock values(List<PropertyModel> properties) {
    List<CodeBlock> values = new ArrayList<>();
    for (int i = 0; i < properties.size(); i++) {
      values.add(value(properties.get(i), i));
    }
    return CodeBlock.join(values, ", ");
  }

  private static CodeBlock value(PropertyModel property, int index) {
    return CodeBlock.of("($T) v[$L]", Expressions.localType(property.type()), index);
  }

  private MethodSpec recordReader(TypeModel.RecordType record, String discriminator) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(
                discriminator.isEmpty()
                    ? Names.recordReader(record.name())
                    : Names.variantReader(record.name()))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(record.name())
            .addParameter(OBJECT_READER, "in")
            .addStatement(
                "Object[] v = $L.read(in)", shape(record.properties(), discriminator));
    fillDefaults(method, record.properties());
    return method
        .addStatement(
            "return in.ok() ? new $T($L) : null", record.name(), values(record.properties()))
        .build();
  }

  private MethodSpec recordWriter(TypeModel.RecordType record) {
    MethodSpec.Builder method = objectWriter(record.name());
    writeFields(method, record, CodeBlock.of("value"));
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
              writer(property.type()),
              value,
              property.javaName());
    }
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

  /**
   * Every record the adapter reads ({@code reading}) or writes, nested ones included, sorted by
   * name; the sealed interfaces met go to {@code unions}.
   */
  private List<TypeModel.RecordType> records(boolean reading, Map<String, TypeModel.Union> unions) {
    Map<String, TypeModel.RecordType> found = new TreeMap<>();
    for (ToolModel tool : owner.tools()) {
      if (reading) {
        for (ToolModel.Argument argument : tool.arguments()) {
          if (argument instanceof ToolModel.RecordArgument) {
            collect(((ToolModel.RecordArgument) argument).record(), found, unions);
          } else if (argument instanceof ToolModel.PropertyArgument) {
            collect(((ToolModel.PropertyArgument) argument).property().type(), found, unions);
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
    if (type instanceof TypeModel.RecordType) {
      TypeModel.RecordType record = (TypeModel.RecordType) type;
      if (found.putIfAbsent(record.name().canonicalName(), record) == null) {
        record.properties().forEach(p -> collect(p.type(), found, unions));
      }
    } else if (type instanceof TypeModel.Union) {
      TypeModel.Union union = (TypeModel.Union) type;
      if (unions.putIfAbsent(union.name().canonicalName(), union) == null) {
        for (TypeModel.Variant variant : union.variants()) {
          variant.record().properties().forEach(p -> collect(p.type(), found, unions));
        }
      }
    } else if (type instanceof TypeModel.Container) {
      collect(((TypeModel.Container) type).element(), found, unions);
    } else if (type instanceof TypeModel.ArrayType) {
      collect(((TypeModel.ArrayType) type).element(), found, unions);
    } else if (type instanceof TypeModel.MapType) {
      collect(((TypeModel.MapType) type).value(), found, unions);
    } else if (type instanceof TypeModel.OptionalType) {
      collect(((TypeModel.OptionalType) type).value(), found, unions);
    }
  }
}
