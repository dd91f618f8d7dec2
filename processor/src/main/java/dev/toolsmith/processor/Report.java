package dev.toolsmith.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import org.jspecify.annotations.Nullable;

/** Every problem found in one tool, each attached to the narrowest element or annotation value. */
final class Report {

  /** One error: its message and where an IDE should underline it. */
  record Problem(
      String message,
      Element element,
      @Nullable AnnotationMirror mirror,
      @Nullable AnnotationValue value) {}

  private final List<Problem> problems = new ArrayList<>();
  private final List<Problem> warnings = new ArrayList<>();

  /** Records an error on {@code element}. */
  void error(Element element, String message) {
    problems.add(new Problem(message, element, null, null));
  }

  /**
   * Records an error on an annotation value; falls back to the element when the value is absent.
   */
  void error(
      Element element,
      @Nullable AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      String message) {
    problems.add(new Problem(message, element, mirror, value));
  }

  /** Records a warning on an annotation value; it does not stop generation. */
  void warning(
      Element element,
      @Nullable AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      String message) {
    warnings.add(new Problem(message, element, mirror, value));
  }

  /** The warnings, in the order found. */
  List<Problem> warnings() {
    return List.copyOf(warnings);
  }

  /** Whether no problem was found. */
  boolean isClean() {
    return problems.isEmpty();
  }

  /** The problems, in the order found. */
  List<Problem> problems() {
    return List.copyOf(problems);
  }
}
