package dev.toolsmith.processor;

import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The schema keywords one property carries beyond its type, from {@code @Param} and Jakarta Bean
 * Validation annotations; the generated reader checks every one of them. Unset: null, -1, empty.
 * Number bounds are exact decimals: a {@code @DecimalMax("0.1")} or a {@code @Max} near the end of
 * the long range is stated and checked as written, not as the nearest double.
 *
 * @param defaultJson the default value as JSON text, empty for none
 * @param allowedJson the allowed values as JSON texts, empty for any
 * @param examplesJson example values as JSON texts
 */
record Hints(
    String defaultJson,
    List<String> allowedJson,
    List<String> examplesJson,
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
    boolean deprecated) {

  /** No hints. */
  static final Hints NONE =
      new Hints(
          "", List.of(), List.of(), null, null, null, null, null, -1, -1, "", "", -1, -1, false,
          false);

  /** Whether a number keyword is set. */
  boolean numeric() {
    return minimum != null
        || maximum != null
        || exclusiveMinimum != null
        || exclusiveMaximum != null
        || multipleOf != null;
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
