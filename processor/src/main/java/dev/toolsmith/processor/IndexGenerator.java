package dev.toolsmith.processor;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/** Generates a compilation's {@code ToolIndex}: every adapter's tools, sorted by name. */
final class IndexGenerator {

  private static final TypeName STRINGS =
      ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class));

  private IndexGenerator() {}

  /** The index named {@code name} over {@code adapters} (qualified names, sorted). */
  static SourceFileWriter.GeneratedSource generate(ClassName name, List<String> adapters) {
    MethodSpec.Builder tools =
        MethodSpec.methodBuilder("tools")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(AdapterGenerator.ENTRY_LIST)
            .addParameter(RuntimeTypes.BINDINGS, "bindings")
            .addStatement("failures.clear()")
            .addStatement("$T tools = new $T<>()", AdapterGenerator.ENTRY_LIST, ArrayList.class);
    // One adapter that fails (an owner constructor that throws, a class gone since the last
    // build) is logged and skipped; the other adapters' tools still load.
    for (String adapter : adapters) {
      tools
          .beginControlFlow("try")
          .addStatement("tools.addAll($T.tools(bindings))", ClassName.bestGuess(adapter))
          .nextControlFlow("catch ($T | $T e)", RuntimeException.class, LinkageError.class)
          .addStatement("skipped($S, e)", adapter)
          .endControlFlow();
    }
    tools
        .addStatement("tools.sort($T.BY_NAME)", RuntimeTypes.TOOL_ENTRY)
        .addStatement("return $T.copyOf(tools)", List.class);
    CodeBlock listed =
        CodeBlock.join(adapters.stream().map(a -> CodeBlock.of("$S", a)).toList(), ", ");
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name)
            .addJavadoc(
                "The tools of one compilation, found by {@link java.util.ServiceLoader}; generated"
                    + " by the Toolsmith processor.\n")
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addSuperinterface(RuntimeTypes.TOOL_INDEX)
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Called by {@link java.util.ServiceLoader}.\n")
                    .build())
            .addField(
                FieldSpec.builder(STRINGS, "failures", Modifier.PRIVATE, Modifier.FINAL)
                    .initializer("new $T<>()", ArrayList.class)
                    .build())
            .addMethod(tools.build())
            .addMethod(
                MethodSpec.methodBuilder("failures")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(STRINGS)
                    .addStatement("return $T.copyOf(failures)", List.class)
                    .build())
            .addMethod(
                MethodSpec.methodBuilder("skipped")
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(String.class, "adapter")
                    .addParameter(Throwable.class, "e")
                    .addStatement("failures.add(adapter + $S + e)", " failed to load; skipped: ")
                    .addStatement(
                        "$T.getLogger($S).log($T.Level.WARNING, $S + adapter + $S, e)",
                        System.class,
                        name.canonicalName(),
                        System.Logger.class,
                        "Skipping the tools of ",
                        ": they failed to load")
                    .build());
    // Its signature shows the runtime's types; a module exporting the package need not re-export
    // them.
    type.addAnnotation(
        AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "exports").build());
    type.addAnnotation(
        AnnotationSpec.builder(RuntimeTypes.GENERATED_INDEX)
            .addMember("value", "{$L}", listed)
            .build());
    return SourceFileWriter.GeneratedSource.of(name.packageName(), type);
  }
}
