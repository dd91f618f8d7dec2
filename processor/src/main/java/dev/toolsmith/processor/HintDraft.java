package dev.toolsmith.processor;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import org.jspecify.annotations.Nullable;

/**
 * One property's hints as its annotations set them, before {@link HintChecker} checks them: value
 * hints as the texts the author wrote, unset numbers NaN, unset counts -1, and where each hint was
 * set.
 *
 * @param sources where each hint that was set came from, by its {@code @Param} attribute name
 */
record HintDraft(
    String defaultText,
    List<String> allowedTexts,
    List<String> exampleTexts,
    double minimum,
    double maximum,
    double exclusiveMinimum,
    double exclusiveMaximum,
    double multipleOf,
    int minLength,
    int maxLength,
    String pattern,
    String format,
    int minItems,
    int maxItems,
    boolean uniqueItems,
    boolean deprecated,
    Map<String, Source> sources) {

  /**
   * Where a hint was set, for the diagnostic's position.
   *
   * @param mirror the annotation
   * @param value the attribute's value, or null when the annotation as a whole sets the hint
   */
  record Source(AnnotationMirror mirror, @Nullable AnnotationValue value) {}

  /** Whether the annotations set {@code hint}. */
  boolean isSet(String hint) {
    return sources.containsKey(hint);
  }
}
