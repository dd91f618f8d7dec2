package dev.toolsmith.processor;

import java.util.List;

/**
 * The schema keywords one property carries beyond its type, from {@code @Param} and Jakarta Bean
 * Validation annotations; the generated reader checks every one of them. Unset: NaN, -1, empty.
 *
 * @param defaultJson the default value as JSON text, empty for none
 * @param allowedJson the allowed values as JSON texts, empty for any
 * @param examplesJson example values as JSON texts
 */
record Hints(
    String defaultJson,
    List<String> allowedJson,
    List<String> examplesJson,
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
    boolean deprecated) {

  /** No hints. */
  static final Hints NONE =
      new Hints(
          "",
          List.of(),
          List.of(),
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          -1,
          -1,
          "",
          "",
          -1,
          -1,
          false,
          false);

  /** Whether a number keyword is set. */
  boolean numeric() {
    return !Double.isNaN(minimum)
        || !Double.isNaN(maximum)
        || !Double.isNaN(exclusiveMinimum)
        || !Double.isNaN(exclusiveMaximum)
        || !Double.isNaN(multipleOf);
  }

  /** Whether a string keyword is set. */
  boolean textual() {
    return minLength >= 0 || maxLength >= 0 || !pattern.isEmpty() || !format.isEmpty();
  }

  /** Whether an array keyword is set. */
  boolean counted() {
    return minItems >= 0 || maxItems >= 0 || uniqueItems;
  }
}
