package dev.toolsmith.processor;

import dev.toolsmith.schema.ItemBounds;
import dev.toolsmith.schema.LengthBounds;
import dev.toolsmith.schema.NumberBounds;
import java.util.List;

/**
 * The schema keywords one property carries beyond its type, from {@code @Param} and Jakarta Bean
 * Validation annotations; the generated reader checks every one of them. Unset: empty, or the
 * bounds' {@code NONE}. Number bounds are exact decimals: a {@code @DecimalMax("0.1")} or a
 * {@code @Max} near the end of the long range is stated and checked as written, not as the nearest
 * double.
 *
 * @param defaultJson the default value as JSON text, empty for none
 * @param allowedJson the allowed values as JSON texts, empty for any
 * @param examplesJson example values as JSON texts
 */
record Constraints(
    String defaultJson,
    List<String> allowedJson,
    List<String> examplesJson,
    NumberBounds numbers,
    LengthBounds lengths,
    String pattern,
    String format,
    ItemBounds items,
    boolean deprecated) {

  /** No constraints. */
  static final Constraints NONE =
      new Constraints(
          "",
          List.of(),
          List.of(),
          NumberBounds.NONE,
          LengthBounds.NONE,
          "",
          "",
          ItemBounds.NONE,
          false);

  /** Whether a number keyword is set. */
  boolean numeric() {
    return !numbers.isEmpty();
  }

  /** Whether a string keyword is set. */
  boolean textual() {
    return !lengths.isEmpty() || !pattern.isEmpty() || !format.isEmpty();
  }

  /** Whether an array keyword is set. */
  boolean counted() {
    return !items.isEmpty();
  }
}
