package dev.toolsmith.runtime.support;

import dev.toolsmith.schema.NumberBounds;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The number keywords of one property's schema (bounds, multipleOf, allowed values), judged on the
 * exact decimal the JSON holds and, for a double or float, also on the value the method receives;
 * made by {@link Constraints#number(String, NumberBounds)} and {@link
 * Constraints#allowed(NumberCheck, BigDecimal...)}, used by {@link ArgumentReader}'s primitive
 * reads, so a checked {@code int} is never boxed.
 */
public final class NumberCheck {

  private final String type;
  private final NumberBounds bounds;
  private final @Nullable BigDecimal minimum;
  private final @Nullable BigDecimal maximum;
  private final @Nullable BigDecimal exclusiveMinimum;
  private final @Nullable BigDecimal exclusiveMaximum;
  private final @Nullable BigDecimal multipleOf;

  /** What a number out of bounds is expected to be; null when there are no bounds. */
  private final @Nullable String expected;

  /** The values allowed; empty for any. */
  private final List<BigDecimal> allowed;

  private final String allowedExpected;

  // The bounds of an integer as longs (lowest, highest, step; 0 for none), when they are whole
  // numbers in long range: an integer is then judged without a BigDecimal.
  private final boolean longBounds;
  private final long lowest;
  private final long highest;
  private final long step;

  private NumberCheck(String type, NumberBounds bounds, List<BigDecimal> allowed) {
    this.type = type;
    this.bounds = bounds;
    this.minimum = bounds.minimum();
    this.maximum = bounds.maximum();
    this.exclusiveMinimum = bounds.exclusiveMinimum();
    this.exclusiveMaximum = bounds.exclusiveMaximum();
    this.multipleOf = bounds.multipleOf();
    this.expected =
        bounds.isEmpty()
            ? null
            : Constraints.numberText(
                type,
                text(minimum),
                text(maximum),
                text(exclusiveMinimum),
                text(exclusiveMaximum),
                text(multipleOf));
    this.allowed = allowed;
    this.allowedExpected = "one of " + allowed;
    long low = Long.MIN_VALUE;
    long high = Long.MAX_VALUE;
    long every = 0;
    boolean longs = true;
    try {
      if (minimum != null) {
        low = Math.max(low, minimum.setScale(0, RoundingMode.CEILING).longValueExact());
      }
      if (exclusiveMinimum != null) {
        low =
            Math.max(
                low,
                Math.addExact(
                    exclusiveMinimum.setScale(0, RoundingMode.FLOOR).longValueExact(), 1));
      }
      if (maximum != null) {
        high = Math.min(high, maximum.setScale(0, RoundingMode.FLOOR).longValueExact());
      }
      if (exclusiveMaximum != null) {
        high =
            Math.min(
                high,
                Math.subtractExact(
                    exclusiveMaximum.setScale(0, RoundingMode.CEILING).longValueExact(), 1));
      }
      if (multipleOf != null) {
        every = multipleOf.longValueExact(); // a fraction or a huge step throws: decimals then
      }
    } catch (ArithmeticException e) {
      longs = false;
    }
    this.longBounds = longs && every >= 0;
    this.lowest = low;
    this.highest = high;
    this.step = every;
  }

  static NumberCheck of(String type, NumberBounds bounds) {
    return new NumberCheck(type, bounds, List.of());
  }

  /** This check, and the value must be one of {@code values}. */
  NumberCheck allowing(List<BigDecimal> values) {
    return new NumberCheck(type, bounds, List.copyOf(values));
  }

  /**
   * {@code value}, just read by {@code in} (which had {@code before} problems then), checked unless
   * reading it found a problem.
   */
  long integral(ArgumentReader in, long value, int before) {
    try {
      if (in.problemCount() == before) {
        acceptsIntegral(in, value);
      }
    } catch (IOException e) {
      in.malformed(e);
    }
    return value;
  }

  /** {@link #integral} for a double, or a float when {@code isFloat}. */
  double real(ArgumentReader in, double value, int before, boolean isFloat) {
    try {
      if (in.problemCount() == before) {
        acceptsReal(in, value, isFloat);
      }
    } catch (IOException e) {
      in.malformed(e);
    }
    return value;
  }

  /**
   * Whether the integer at {@code in}'s current token, read as {@code value} (its exact value),
   * passes; records the problem when not.
   */
  boolean acceptsIntegral(ArgumentReader in, long value) throws IOException {
    if (expected != null) {
      boolean outside =
          longBounds
              ? value < lowest || value > highest || (step != 0 && value % step != 0)
              : outside(BigDecimal.valueOf(value))
                  || (multipleOf != null
                      && BigDecimal.valueOf(value).remainder(multipleOf).signum() != 0);
      if (outside) {
        in.problem(expected, Problems.shorten(in.parser().getText()));
        return false;
      }
    }
    return allowed.isEmpty() || isAllowed(in, BigDecimal.valueOf(value));
  }

  /**
   * Whether the number at {@code in}'s current token, received by the method as {@code value} (a
   * double, or a float when {@code isFloat}), passes; records the problem when not.
   */
  boolean acceptsReal(ArgumentReader in, double value, boolean isFloat) throws IOException {
    // The exact decimal as written (what the schema judges), then the value as the method
    // receives it: a double or float may round onto or past a bound (1e-400 is -0.0 for
    // @Negative, 999.99999999999999999 is 1000.0 below an exclusive 1000).
    String written = isFloat ? Float.toString((float) value) : Double.toString(value);
    BigDecimal received = new BigDecimal(written);
    if (expected != null) {
      BigDecimal number = in.parser().getDecimalValue();
      if (outside(number) || (multipleOf != null && number.remainder(multipleOf).signum() != 0)) {
        in.problem(expected, Problems.shorten(in.parser().getText()));
        return false;
      }
      if (number.compareTo(received) != 0 && outside(received)) {
        in.problem(
            expected + " as a " + (isFloat ? "float" : "double"),
            Problems.shorten(in.parser().getText()) + " (rounds to " + written + ")");
        return false;
      }
    }
    return allowed.isEmpty() || isAllowed(in, received);
  }

  /**
   * Whether a number of a boxed or big type, read as {@code value}, passes; records the problem
   * when not.
   */
  boolean accepts(ArgumentReader in, Object value) throws IOException {
    if (value instanceof Double d) {
      return acceptsReal(in, d, false);
    }
    if (value instanceof Float f) {
      return acceptsReal(in, f, true);
    }
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return acceptsIntegral(in, ((Number) value).longValue());
    }
    // BigDecimal, BigInteger: the method receives the exact decimal
    BigDecimal number = in.parser().getDecimalValue();
    if (expected != null
        && (outside(number)
            || (multipleOf != null && number.remainder(multipleOf).signum() != 0))) {
      in.problem(expected, Problems.shorten(in.parser().getText()));
      return false;
    }
    return allowed.isEmpty() || isAllowed(in, number);
  }

  private boolean isAllowed(ArgumentReader in, BigDecimal received) throws IOException {
    for (BigDecimal candidate : allowed) {
      if (candidate.compareTo(received) == 0) {
        return true;
      }
    }
    in.problem(allowedExpected, Problems.shorten(in.parser().getText()));
    return false;
  }

  private boolean outside(BigDecimal number) {
    return (minimum != null && number.compareTo(minimum) < 0)
        || (maximum != null && number.compareTo(maximum) > 0)
        || (exclusiveMinimum != null && number.compareTo(exclusiveMinimum) <= 0)
        || (exclusiveMaximum != null && number.compareTo(exclusiveMaximum) >= 0);
  }

  private static @Nullable String text(@Nullable BigDecimal value) {
    return value == null ? null : NumberBounds.decimalText(value);
  }
}
