package dev.toolsmith.schema;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * A number's schema keywords ({@code minimum}, {@code maximum}, {@code exclusiveMinimum}, {@code
 * exclusiveMaximum}, {@code multipleOf}) as exact decimals, each null when unset: what the
 * processor states in a schema and the runtime's reader checks, so both read the same bounds.
 */
public record NumberBounds(
    @Nullable BigDecimal minimum,
    @Nullable BigDecimal maximum,
    @Nullable BigDecimal exclusiveMinimum,
    @Nullable BigDecimal exclusiveMaximum,
    @Nullable BigDecimal multipleOf) {

  /** No bound. */
  public static final NumberBounds NONE = new NumberBounds(null, null, null, null, null);

  public NumberBounds {
    if (multipleOf != null && multipleOf.signum() <= 0) {
      throw new IllegalArgumentException("multipleOf must be positive: " + multipleOf);
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .minimum(minimum)
        .maximum(maximum)
        .exclusiveMinimum(exclusiveMinimum)
        .exclusiveMaximum(exclusiveMaximum)
        .multipleOf(multipleOf);
  }

  /** Whether no bound is set. */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /**
   * The bound {@code value} breaks, as keyword and bound ({@code "maximum 10"}), or null when it
   * keeps them all.
   */
  public @Nullable String broken(BigDecimal value) {
    if (minimum != null && value.compareTo(minimum) < 0) {
      return "minimum " + decimalText(minimum);
    }
    if (maximum != null && value.compareTo(maximum) > 0) {
      return "maximum " + decimalText(maximum);
    }
    if (exclusiveMinimum != null && value.compareTo(exclusiveMinimum) <= 0) {
      return "exclusiveMinimum " + decimalText(exclusiveMinimum);
    }
    if (exclusiveMaximum != null && value.compareTo(exclusiveMaximum) >= 0) {
      return "exclusiveMaximum " + decimalText(exclusiveMaximum);
    }
    if (multipleOf != null && value.remainder(multipleOf).signum() != 0) {
      return "multipleOf " + decimalText(multipleOf);
    }
    return null;
  }

  /**
   * {@code value} as a schema states it: an integer without exponent or trailing zeros up to 40
   * digits, a plain decimal up to 40 digits each side of the point, else scientific notation.
   */
  public static String decimalText(BigDecimal value) {
    BigDecimal stripped = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    int digitsBeforePoint = stripped.precision() - stripped.scale();
    if (stripped.scale() <= 0 && digitsBeforePoint <= 40) {
      return stripped.toBigInteger().toString();
    }
    if (stripped.scale() > 0 && stripped.scale() <= 40 && digitsBeforePoint <= 40) {
      return stripped.toPlainString();
    }
    return stripped.toString();
  }

  /** Builds bounds by keyword; a text is an exact decimal ({@code "0.1"}, {@code "1e3"}). */
  public static final class Builder {
    private @Nullable BigDecimal minimum;
    private @Nullable BigDecimal maximum;
    private @Nullable BigDecimal exclusiveMinimum;
    private @Nullable BigDecimal exclusiveMaximum;
    private @Nullable BigDecimal multipleOf;

    private Builder() {}

    public Builder minimum(@Nullable BigDecimal minimum) {
      this.minimum = minimum;
      return this;
    }

    public Builder minimum(String minimum) {
      return minimum(new BigDecimal(minimum));
    }

    public Builder maximum(@Nullable BigDecimal maximum) {
      this.maximum = maximum;
      return this;
    }

    public Builder maximum(String maximum) {
      return maximum(new BigDecimal(maximum));
    }

    public Builder exclusiveMinimum(@Nullable BigDecimal exclusiveMinimum) {
      this.exclusiveMinimum = exclusiveMinimum;
      return this;
    }

    public Builder exclusiveMinimum(String exclusiveMinimum) {
      return exclusiveMinimum(new BigDecimal(exclusiveMinimum));
    }

    public Builder exclusiveMaximum(@Nullable BigDecimal exclusiveMaximum) {
      this.exclusiveMaximum = exclusiveMaximum;
      return this;
    }

    public Builder exclusiveMaximum(String exclusiveMaximum) {
      return exclusiveMaximum(new BigDecimal(exclusiveMaximum));
    }

    public Builder multipleOf(@Nullable BigDecimal multipleOf) {
      this.multipleOf = multipleOf;
      return this;
    }

    public Builder multipleOf(String multipleOf) {
      return multipleOf(new BigDecimal(multipleOf));
    }

    public NumberBounds build() {
      return new NumberBounds(minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf);
    }
  }
}
