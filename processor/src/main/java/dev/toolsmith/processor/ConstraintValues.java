package dev.toolsmith.processor;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.toolsmith.schema.EcmaRegex;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Parses constraint texts ({@code defaultValue}, {@code allowedValues}, {@code examples}) as values
 * of a type, at compile time.
 */
final class ConstraintValues {

  private ConstraintValues() {}

  /** {@code text} as the JSON literal of a value of {@code target}, or null if it is none. */
  static @Nullable String json(TypeModel target, String text) {
    try {
      if (target instanceof TypeModel.Text) {
        return quote(text);
      }
      if (target instanceof TypeModel.EnumType enumType) {
        return enumType.jsonValues().contains(text) ? quote(text) : null;
      }
      if (target instanceof TypeModel.Scalar scalar) {
        return scalar(scalar.kind(), text.trim(), text);
      }
      if (target instanceof TypeModel.Formatted formatted) {
        return formatted(formatted.kind(), text);
      }
    } catch (RuntimeException e) {
      return null;
    }
    return null;
  }

  private static @Nullable String scalar(TypeModel.ScalarKind kind, String trimmed, String text) {
    switch (kind) {
      case BOOLEAN -> {
        return trimmed.equals("true") || trimmed.equals("false") ? trimmed : null;
      }
      case CHAR -> {
        return text.length() == 1 ? quote(text) : null;
      }
      case INT -> {
        return Integer.toString(Integer.parseInt(trimmed));
      }
      case LONG -> {
        return Long.toString(Long.parseLong(trimmed));
      }
      case SHORT -> {
        return Short.toString(Short.parseShort(trimmed));
      }
      case BYTE -> {
        return Byte.toString(Byte.parseByte(trimmed));
      }
      default -> {
        double value = Double.parseDouble(trimmed);
        if (Double.isInfinite(value) || Double.isNaN(value)) {
          return null;
        }
        if (kind == TypeModel.ScalarKind.FLOAT && Math.abs(value) > Float.MAX_VALUE) {
          return null;
        }
        return new BigDecimal(trimmed).toString();
      }
    }
  }

  private static @Nullable String formatted(TypeModel.FormattedKind kind, String text) {
    return switch (kind) {
      case BIG_DECIMAL -> new BigDecimal(text.trim()).toString();
      case BIG_INTEGER -> new BigInteger(text.trim()).toString();
      case UUID ->
          text.matches("[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}") ? quote(text) : null;
      case URI -> java.net.URI.create(text).isAbsolute() ? quote(text) : null;
      case LOCAL_DATE -> {
        java.time.LocalDate.parse(text);
        yield text.matches("\\d{4}-\\d{2}-\\d{2}") ? quote(text) : null;
      }
      case LOCAL_TIME -> {
        java.time.LocalTime.parse(text);
        yield EcmaRegex.compile(kind.pattern).matcher(text).find() ? quote(text) : null;
      }
      case LOCAL_DATE_TIME -> {
        java.time.LocalDateTime.parse(text);
        yield EcmaRegex.compile(kind.pattern).matcher(text).find() ? quote(text) : null;
      }
      case DURATION -> {
        java.time.Duration.parse(text);
        yield EcmaRegex.compile(kind.pattern).matcher(text).find() ? quote(text) : null;
      }
      default -> {
        java.time.OffsetDateTime.parse(text);
        yield text.matches(
                "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})")
            ? quote(text)
            : null;
      }
    };
  }

  /** Whether two texts are the same value of {@code target}. */
  static boolean same(TypeModel target, String a, String b) {
    if (ConstraintChecker.isNumber(target)) {
      return new BigDecimal(a.trim()).compareTo(new BigDecimal(b.trim())) == 0;
    }
    return a.equals(b);
  }

  /** What a constraint text of {@code target} must be, for messages. */
  static String describe(TypeModel target) {
    if (target instanceof TypeModel.EnumType enumType) {
      return "constant of " + enumType.jsonValues();
    }
    if (target instanceof TypeModel.Scalar scalar) {
      return scalar.kind().name().toLowerCase(java.util.Locale.ROOT);
    }
    if (target instanceof TypeModel.Formatted formatted) {
      return formatted.typeName().toString();
    }
    return target.jsonType();
  }

  private static String quote(String text) {
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
  }
}
