package dev.toolsmith.processor;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.TypeSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Writes the Java files a processor generates: the one place where each file gets its {@code
 * Generated} annotation, naming the processor that wrote it, and its originating elements, the
 * sources an incremental build regenerates it for (as Dagger's {@code SourceFileGenerator}).
 */
final class SourceFileWriter {

  private final ProcessingEnvironment env;
  private final String processor;

  SourceFileWriter(ProcessingEnvironment env, Class<? extends Processor> processor) {
    this.env = env;
    this.processor = processor.getCanonicalName();
  }

  /**
   * Writes {@code source}, whose code lives where {@code anchor} does (its module decides whether
   * {@code Generated} can be seen; none without an anchor), generated from {@code originating}.
   */
  void write(GeneratedSource source, @Nullable Element anchor, List<? extends Element> originating)
      throws IOException {
    TypeSpec.Builder type = source.type();
    if (anchor != null && generatedVisibleFrom(anchor)) {
      type.annotations.add(
          0,
          AnnotationSpec.builder(ClassName.bestGuess(Names.GENERATED_ANNOTATION))
              .addMember("value", "$S", processor)
              .build());
    }
    originating.forEach(type::addOriginatingElement);
    JavaFile.Builder file =
        JavaFile.builder(source.packageName(), type.build()).skipJavaLangImports(true);
    source
        .staticImports()
        .forEach((owner, members) -> file.addStaticImport(owner, members.toArray(new String[0])));
    file.build().writeTo(env.getFiler());
  }

  /**
   * Whether code next to {@code anchor} can see {@code Generated}: it exists, and a named module
   * reads {@code java.compiler}.
   *
   * <p>The type is looked up as the module sees it, never through the module's directives: reading
   * those in the first round resolves its {@code provides} clauses before the index they name is
   * generated, and javac then refuses the module.
   */
  private boolean generatedVisibleFrom(Element anchor) {
    Elements elements = env.getElementUtils();
    ModuleElement module = elements.getModuleOf(anchor);
    TypeElement generated =
        module == null || module.isUnnamed()
            ? elements.getTypeElement(Names.GENERATED_ANNOTATION)
            : elements.getTypeElement(module, Names.GENERATED_ANNOTATION);
    return generated != null;
  }

  /**
   * A top-level type to write: its package, its builder, and the static members its file imports by
   * owning class.
   */
  record GeneratedSource(
      String packageName, TypeSpec.Builder type, Map<ClassName, List<String>> staticImports) {

    static GeneratedSource of(String packageName, TypeSpec.Builder type) {
      return new GeneratedSource(packageName, type, Map.of());
    }
  }
}
