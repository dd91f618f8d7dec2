package dev.toolsmith.processor;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import org.jspecify.annotations.Nullable;

/**
 * One property's constraints as its annotations set them, before {@link ConstraintChecker} checks
 * them: value constraints as the texts the author wrote, number bounds as exact decimals (null when
 * unset), unset counts -1, and where each constraint was set.
 *
 * @param sources where each constraint that was set came from, by its {@code @Param} attribute name
 * @param unreadable why each number constraint that was set to no finite decimal is unreadable, by
 *     constraint
 */
record ConstraintDraft(
    String defaultText,
    List<String> allowedTexts,
    List<String> exampleTexts,
    @Nullable BigDecimal minimum,
    @Nullable BigDecimal maximum,
    @Nullable BigDecimal exclusiveMinimum,
    @Nullable BigDecimal exclusiveMaximum,
    @Nullable BigDecimal multipleOf,
    int minLength,
    int maxLength,
    String pattern,
    String format,
    int minItems,
    int maxItems,
    boolean uniqueItems,
    boolean deprecated,
    Map<String, Source> sources,
    Map<String, Unreadable> unreadable) {

  /**
   * Where a constraint was set, for the diagnostic's position.
   *
   * @param mirror the annotation
   * @param value the attribute's value, or null when the annotation as a whole sets the constraint
   */
  record Source(AnnotationMirror mirror, @Nullable AnnotationValue value) {}

  /** A number constraint no decimal could be read from: the message to report and its arguments. */
  record Unreadable(Message message, List<Object> args) {

    Unreadable(Message message, Object... args) {
      this(message, List.of(args));
    }
  }

  /** Whether the annotations set {@code constraint}. */
  boolean isSet(String constraint) {
    return sources.containsKey(constraint);
  }
}
