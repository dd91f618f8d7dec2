package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * JSON numbers read within a Java type's range, and numbers and bounds worded for problems: what
 * the number {@link Readers} and {@link Constraints} share.
 */
final class Numbers {

  /** The largest float, as the schema states it (exactly this decimal, not the double's). */
  static final BigDecimal FLOAT_LIMIT = new BigDecimal("3.4028234663852886E38");

  /** What a number beyond {@code ArgumentJson.MAX_EXPONENT} is expected to be. */
  static final String EXPONENT_LIMIT =
      "number with an exponent within ±"
          + ArgumentJson.MAX_EXPONENT
          + " (limit toolsmith.json.maxExponent)";

  private Numbers() {}

  /**
   * Whether the current number's written exponent is beyond {@code ArgumentJson.MAX_EXPONENT} (then
   * a problem naming the limit is recorded): checked on the token's text, before any arithmetic, so
   * {@code 1e999999999} costs what its characters cost.
   */
  static boolean exponentTooLarge(ArgumentReader in) throws IOException {
    JsonParser p = in.parser();
    if (p.currentToken() != JsonToken.VALUE_NUMBER_FLOAT) {
      return false;
    }
    String text = p.getText();
    int e = Math.max(text.indexOf('e'), text.indexOf('E'));
    if (e < 0) {
      return false;
    }
    int digits = 0;
    long exponent = 0;
    for (int i = e + 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        exponent = exponent * 10 + (c - '0');
        if (++digits > 10) {
          break;
        }
      }
    }
    if (digits > 10 || exponent > ArgumentJson.MAX_EXPONENT) {
      in.problem(EXPONENT_LIMIT, Problems.shorten(text));
      return true;
    }
    return false;
  }

  /** A JSON integer within [{@code min}, {@code max}]; 0 (and a problem) when it is none. */
  static long integral(ArgumentReader in, long min, long max) throws IOException {
    JsonParser p = in.parser();
    JsonToken token = p.currentToken();
    if (token == JsonToken.VALUE_NUMBER_INT) {
      JsonParser.NumberType type = p.getNumberType();
      if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
        long value = p.getLongValue();
        if (value >= min && value <= max) {
          return value;
        }
      }
      in.problem("integer between " + min + " and " + max, Problems.shorten(p.getText()));
      return 0;
    }
    if (token == JsonToken.VALUE_NUMBER_FLOAT) {
      if (exponentTooLarge(in)) {
        return 0;
      }
      // JSON Schema counts 2.0 as an integer; 2.5 is not one. Exact decimals: a double would
      // round -9223372036854775807.875 to an integer.
      BigDecimal value = p.getDecimalValue();
      if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0) {
        in.problem("integer", Problems.shorten(p.getText()));
        return 0;
      }
      if (value.compareTo(BigDecimal.valueOf(min)) < 0
          || value.compareTo(BigDecimal.valueOf(max)) > 0) {
        in.problem("integer between " + min + " and " + max, Problems.shorten(p.getText()));
        return 0;
      }
      return value.longValueExact();
    }
    in.wrong("integer");
    return 0;
  }

  /**
   * A finite JSON number, within ±{@code limit} when there is one; 0 (and a problem) when it is
   * none.
   */
  static double real(ArgumentReader in, @Nullable BigDecimal limit) throws IOException {
    JsonParser p = in.parser();
    JsonToken token = p.currentToken();
    if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
      in.wrong("number");
      return 0;
    }
    if (exponentTooLarge(in)) {
      return 0;
    }
    double value = p.getDoubleValue();
    if (Double.isInfinite(value)
        || (limit != null && p.getDecimalValue().abs().compareTo(limit) > 0)) {
      String range = Double.toString(limit == null ? Double.MAX_VALUE : limit.doubleValue());
      in.problem("number between -" + range + " and " + range, Problems.shorten(p.getText()));
      return 0;
    }
    return value;
  }

  /** What a number of {@code type} within [{@code minimum}, {@code maximum}] is; NaN is open. */
  static String boundsText(String type, double minimum, double maximum) {
    boolean hasMin = !Double.isNaN(minimum);
    boolean hasMax = !Double.isNaN(maximum);
    if (hasMin && hasMax) {
      return type + " between " + number(minimum) + " and " + number(maximum);
    }
    if (hasMin) {
      return type + " >= " + number(minimum);
    }
    return hasMax ? type + " <= " + number(maximum) : type;
  }

  /** {@code value} as a schema states it: without a fraction when it is a whole number. */
  static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }
}
