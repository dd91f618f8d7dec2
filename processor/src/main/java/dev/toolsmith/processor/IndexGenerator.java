package dev.toolsmith.processor;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.lang.model.element.Modifier;

/** Generates a compilation's {@code ToolIndex}: every adapter's tools, sorted by name. */
final class IndexGenerator {

  /**
   * An adapter the index lists.
   *
   * @param owner the class owning the tools
   * @param bound whether its tools need an instance from the bindings
   */
  record Entry(ClassName owner, boolean bound) {}

  private IndexGenerator() {}

  /** The index named {@code name} over {@code entries} (sorted by owner). */
  static JavaFile generate(ClassName name, List<Entry> entries, AnnotationSpec generated) {
    MethodSpec.Builder tools =
        MethodSpec.methodBuilder("tools")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(AdapterGenerator.ENTRY_LIST)
            .addParameter(AdapterGenerator.BINDINGS, "bindings")
            .addStatement("$T tools = new $T<>()", AdapterGenerator.ENTRY_LIST, ArrayList.class);
    // One adapter that fails (an owner constructor that throws, a missing class) is logged and
    // skipped; the other adapters' tools still load.
    for (Entry entry : entries) {
      tools
          .beginControlFlow("try")
          .addStatement(
              entry.bound() ? "tools.addAll($T.tools(bindings))" : "tools.addAll($T.tools())",
              Names.adapter(entry.owner()))
          .nextControlFlow("catch ($T | $T e)", RuntimeException.class, LinkageError.class)
          .addStatement(
              "$T.getLogger($S).log($T.Level.WARNING, $S, e)",
              System.class,
              name.canonicalName(),
              System.Logger.class,
              "Skipping the tools of " + entry.owner().canonicalName() + ": they failed to load")
          .endControlFlow();
    }
    tools
        .addStatement(
            "tools.sort($T.comparing($T::name))", Comparator.class, AdapterGenerator.TOOL_ENTRY)
        .addStatement("return $T.copyOf(tools)", List.class);
    TypeSpec type =
        TypeSpec.classBuilder(name)
            .addJavadoc(
                "The tools of one compilation, found by {@link java.util.ServiceLoader}; generated"
                    + " by the Toolsmith processor.\n")
            .addAnnotation(generated)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addSuperinterface(ClassName.get(AdapterGenerator.RUNTIME, "ToolIndex"))
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Called by {@link java.util.ServiceLoader}.\n")
                    .build())
            .addMethod(tools.build())
            .build();
    return JavaFile.builder(name.packageName(), type).skipJavaLangImports(true).build();
  }
}
