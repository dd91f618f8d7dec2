package dev.toolsmith.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;
import org.jspecify.annotations.Nullable;

/**
 * What the checks of one tool found, each finding attached to the narrowest element or annotation
 * value; {@link Diagnostics} prints them.
 */
final class Report {

  /**
   * One finding: its message, the filled-in text, and where an IDE should underline it ({@code
   * docParam}: the Javadoc {@code @param} tag of that name on the element).
   */
  record Finding(
      Message message,
      String text,
      Element element,
      @Nullable AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      @Nullable String docParam) {

    boolean isError() {
      return message.kind() == Diagnostic.Kind.ERROR;
    }
  }

  private final List<Finding> findings = new ArrayList<>();

  /** Records {@code message} on {@code element}. */
  void add(Element element, Message message, Object... args) {
    add(element, null, null, message, args);
  }

  /** Records {@code message} on an annotation value; printed on the element when it is absent. */
  void add(
      Element element,
      @Nullable AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      Message message,
      Object... args) {
    findings.add(new Finding(message, message.text(args), element, mirror, value, null));
  }

  /** Records {@code message} on the Javadoc param tag named {@code docParam} of {@code element}. */
  void addOnDocParam(Element element, String docParam, Message message, Object... args) {
    findings.add(new Finding(message, message.text(args), element, null, null, docParam));
  }

  /** How many of the findings are errors. */
  int errorCount() {
    return (int) findings.stream().filter(Finding::isError).count();
  }

  /** Whether no error was found (warnings do not stop generation). */
  boolean isClean() {
    return errorCount() == 0;
  }

  /** The findings, in the order found. */
  List<Finding> findings() {
    return List.copyOf(findings);
  }
}
