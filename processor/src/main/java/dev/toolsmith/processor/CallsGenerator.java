package dev.toolsmith.processor;

import static dev.toolsmith.processor.RuntimeTypes.ARGUMENT_READER;
import static dev.toolsmith.processor.RuntimeTypes.RESULT_TEXT;
import static dev.toolsmith.processor.RuntimeTypes.TOOL_CONTEXT;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.lang.model.element.Modifier;

/**
 * Generates an adapter's nested {@code Calls} class: per tool the code that reads the arguments
 * into typed locals ({@link ObjectReading}), calls the method and writes its result, with the
 * readers and writers of the records involved ({@link RecordCode}) and the shapes, composed
 * readers, checks and writers built once per class ({@link CallsFields}). It loads on the first
 * call.
 */
final class CallsGenerator {

  private final OwnerModel owner;
  private final ClassName calls;
  private final CallNames names;
  private final CallsFields fields;
  private final RecordCode records;
  private final ObjectReading reading;

  private CallsGenerator(OwnerModel owner, ClassName calls) {
    this.owner = owner;
    this.calls = calls;
    this.names = new CallNames(calls);
    this.fields = new CallsFields(names);
    this.records = new RecordCode(owner, fields, names);
    this.reading = new ObjectReading(fields);
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
    return new Output(type, generator.fields.shapeMethods());
  }

  /** The nested class holding every tool's call code: readers, the calls, result writers. */
  private TypeSpec callsClass() {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(calls)
            .addJavadoc("The tools' call code, loaded on the first call of one of them.\n")
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    boolean hasSync = owner.tools().stream().anyMatch(t -> !t.invocation().async());
    boolean hasAsync = owner.tools().stream().anyMatch(t -> t.invocation().async());
    if (hasSync) {
      type.addMethod(dispatcher("call", false, ClassName.get(String.class)));
    }
    if (hasAsync) {
      type.addMethod(
          dispatcher(
              "callAsync",
              true,
              ParameterizedTypeName.get(
                  ClassName.get(CompletionStage.class), ClassName.get(String.class))));
    }
    for (ToolModel tool : owner.tools()) {
      type.addMethod(handler(tool));
    }
    // Record methods are written as the code refers to them, so none is written that nothing calls.
    for (CallNames.Method method = names.nextUnwritten();
        method != null;
        method = names.nextUnwritten()) {
      type.addMethod(records.method(method));
    }
    type.addFields(fields.fields());
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
    CodeBlock.Builder cases =
        CodeBlock.builder()
            .addStatement("$T in = $T.of(arguments)", ARGUMENT_READER, ARGUMENT_READER)
            .add("return switch (tool) {\n")
            .indent();
    for (int i = 0; i < owner.tools().size(); i++) {
      ToolModel tool = owner.tools().get(i);
      if (tool.invocation().async() == async) {
        cases.add(
            "case $L -> $N($Lin$L);\n",
            i,
            names.handler(tool.name()),
            tool.invocation().isStatic() ? "" : "owner, ",
            takesContext(tool) ? ", context" : "");
      }
    }
    cases.add("default -> throw new $T($S + tool);\n", IllegalStateException.class, "no tool ");
    return method.addCode(cases.unindent().add("};\n").build()).build();
  }

  private MethodSpec handler(ToolModel tool) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(names.handler(tool.name()))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .addException(Exception.class);
    if (!tool.invocation().isStatic()) {
      method.addParameter(owner.owner(), "owner");
    }
    method.addParameter(ARGUMENT_READER, "in");
    if (takesContext(tool)) {
      method.addParameter(TOOL_CONTEXT, "context");
    }
    NameAllocator locals = ObjectReading.locals();
    List<PropertyModel> properties = tool.invocation().properties();
    Optional<ToolModel.RecordArgument> record =
        tool.invocation().arguments().stream()
            .filter(ToolModel.RecordArgument.class::isInstance)
            .map(ToolModel.RecordArgument.class::cast)
            .findFirst();
    List<String> propertyLocals = List.of();
    String recordLocal = "";
    if (record.isPresent()) {
      ClassName type = record.get().record().name();
      recordLocal = locals.newName(ObjectReading.localName(record.get().javaName()), type);
      method
          .addStatement(
              "$T $N = $N(in)", type, recordLocal, names.method(CallNames.Role.READ, type))
          .addStatement("in.finish()");
    } else if (!properties.isEmpty()) {
      CodeBlock shape = fields.shape(tool.name(), properties, "");
      ObjectReading.Code read = reading.read(properties, shape, locals);
      propertyLocals = read.locals();
      method.addCode(read.code()).addStatement("in.endArguments($L)", shape);
    } else {
      method.addStatement("in.endArguments()");
    }
    List<CodeBlock> callArguments = new ArrayList<>();
    for (ToolModel.Argument argument : tool.invocation().arguments()) {
      if (argument instanceof ToolModel.ContextArgument) {
        callArguments.add(CodeBlock.of("context"));
      } else if (argument instanceof ToolModel.RecordArgument) {
        callArguments.add(CodeBlock.of("$N", recordLocal));
      } else {
        PropertyModel property = ((ToolModel.PropertyArgument) argument).property();
        callArguments.add(CodeBlock.of("$N", propertyLocals.get(properties.indexOf(property))));
      }
    }
    CodeBlock call =
        CodeBlock.of(
            "$L.$N($L)",
            tool.invocation().isStatic()
                ? CodeBlock.of("$T", owner.owner())
                : CodeBlock.of("owner"),
            tool.invocation().methodName(),
            CodeBlock.join(callArguments, ", "));
    TypeName resultType = ClassName.get(String.class);
    if (tool.invocation().async()) {
      resultType = ParameterizedTypeName.get(ClassName.get(CompletionStage.class), resultType);
      method.addStatement(
          "return $L.thenApply(value -> $L)",
          call,
          result(tool.invocation().returns(), CodeBlock.of("value")));
    } else if (tool.invocation().returns() instanceof TypeModel.VoidType) {
      method.addStatement("$L", call).addStatement("return $T.OK", RESULT_TEXT);
    } else {
      method.addStatement("return $L", result(tool.invocation().returns(), call));
    }
    return method.returns(resultType).build();
  }

  private static boolean takesContext(ToolModel tool) {
    return tool.invocation().arguments().stream()
        .anyMatch(ToolModel.ContextArgument.class::isInstance);
  }

  private CodeBlock result(TypeModel type, CodeBlock value) {
    if (type instanceof TypeModel.VoidType) {
      return CodeBlock.of("$T.OK", RESULT_TEXT);
    }
    if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.string($L)", RESULT_TEXT, value);
    }
    if (type instanceof TypeModel.Scalar scalar
        && scalar.primitive()
        && scalar.kind() != TypeModel.ScalarKind.CHAR) {
      return CodeBlock.of("$T.json($L)", RESULT_TEXT, value); // unboxed
    }
    return CodeBlock.of("$T.json($L, $L)", RESULT_TEXT, value, fields.writer(type));
  }
}
