package dev.toolsmith.processor;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Test helper: runs a processor as Gradle's incremental processing does, behind its own {@link
 * ProcessingEnvironment} that keeps javac's in a field named {@code delegate}, so javac-only APIs
 * ({@code Trees.instance}) refuse it.
 */
final class GradleLikeProcessor implements Processor {

  private final Processor processor;

  GradleLikeProcessor(Processor processor) {
    this.processor = processor;
  }

  @Override
  public void init(ProcessingEnvironment env) {
    processor.init(new Wrapped(env));
  }

  @Override
  public Set<String> getSupportedOptions() {
    return processor.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return processor.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return processor.getSupportedSourceVersion();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return processor.process(annotations, round);
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
    return processor.getCompletions(element, annotation, member, userText);
  }

  /** The shape of Gradle's wrapper: every call passed on to {@code delegate}. */
  private static final class Wrapped implements ProcessingEnvironment {
    private final ProcessingEnvironment delegate;

    Wrapped(ProcessingEnvironment delegate) {
      this.delegate = delegate;
    }

    @Override
    public Map<String, String> getOptions() {
      return delegate.getOptions();
    }

    @Override
    public Messager getMessager() {
      return delegate.getMessager();
    }

    @Override
    public Filer getFiler() {
      return delegate.getFiler();
    }

    @Override
    public Elements getElementUtils() {
      return delegate.getElementUtils();
    }

    @Override
    public Types getTypeUtils() {
      return delegate.getTypeUtils();
    }

    @Override
    public SourceVersion getSourceVersion() {
      return delegate.getSourceVersion();
    }

    @Override
    public Locale getLocale() {
      return delegate.getLocale();
    }
  }
}
