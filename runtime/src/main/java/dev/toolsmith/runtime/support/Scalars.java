package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.schema.Formats;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.UUID;
import java.util.function.Function;

/**
 * Readers of the scalar types beyond Java's primitives: big numbers, UUID, URI and java.time, each
 * read from the JSON type and format its schema declares.
 */
public final class Scalars {

  private Scalars() {}

  /** A JSON number, kept exactly. */
  public static final ValueReader<BigDecimal> BIG_DECIMAL =
      in -> {
        JsonParser p = in.parser();
        JsonToken token = p.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
          return in.wrong("number");
        }
        return Numbers.exponentTooLarge(in) ? null : p.getDecimalValue();
      };

  /** A JSON integer of any size (2.0 counts as an integer, as in JSON Schema). */
  public static final ValueReader<BigInteger> BIG_INTEGER =
      in -> {
        JsonParser p = in.parser();
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT) {
          return p.getBigIntegerValue();
        }
        if (token == JsonToken.VALUE_NUMBER_FLOAT) {
          if (Numbers.exponentTooLarge(in)) {
            return null;
          }
          BigDecimal value = p.getDecimalValue();
          if (value.signum() == 0 || value.stripTrailingZeros().scale() <= 0) {
            return value.toBigInteger();
          }
          in.problem("integer", Problems.shorten(p.getText()));
          return null;
        }
        return in.wrong("integer");
      };

  /** A JSON string in format "uuid". */
  public static final ValueReader<UUID> UUID_READER = formatted("uuid", UUID::fromString);

  /**
   * A JSON string in format "uri" (absolute) that a {@code java.net.URI} can hold: the few RFC 3986
   * URIs it cannot ({@code http:}, a scheme with an empty path) are refused, a documented extra.
   */
  public static final ValueReader<URI> URI_READER = formatted("java-uri", URI::create);

  /** A JSON string in format "date". */
  public static final ValueReader<LocalDate> LOCAL_DATE = formatted("date", LocalDate::parse);

  /** A JSON string {@code HH:MM:SS[.fraction]}. */
  public static final ValueReader<LocalTime> LOCAL_TIME = formatted("local-time", LocalTime::parse);

  /** A JSON string {@code YYYY-MM-DDTHH:MM:SS[.fraction]}. */
  public static final ValueReader<LocalDateTime> LOCAL_DATE_TIME =
      formatted("local-date-time", LocalDateTime::parse);

  /** A JSON string in format "date-time". */
  public static final ValueReader<OffsetDateTime> OFFSET_DATE_TIME =
      formatted("date-time", t -> OffsetDateTime.parse(dateTime(t)));

  /**
   * A JSON string in format "date-time", at its offset: no zone id, the form {@link
   * Writers#DATE_TIME} writes a result in.
   */
  public static final ValueReader<ZonedDateTime> ZONED_DATE_TIME =
      formatted("date-time", t -> OffsetDateTime.parse(dateTime(t)).toZonedDateTime());

  /** A JSON string in format "date-time", as an instant. */
  public static final ValueReader<Instant> INSTANT =
      formatted("date-time", t -> OffsetDateTime.parse(dateTime(t)).toInstant());

  /** A JSON string in format "duration" (days, hours, minutes, seconds). */
  public static final ValueReader<Duration> DURATION = formatted("java-duration", Duration::parse);

  /**
   * A valid date-time's text as java.time reads it: more than nine fraction digits are cut to
   * nanoseconds, and a leap second (23:59:60 UTC) is read as second 59 of that minute.
   */
  private static String dateTime(String text) {
    return java.util.Objects.requireNonNull(Formats.javaDateTime(text), text);
  }

  /** The "expected" text of a value in {@code format}. */
  static String expected(String format) {
    return switch (format) {
      case "local-time" -> "string HH:MM:SS";
      case "local-date-time" -> "string YYYY-MM-DDTHH:MM:SS";
      case "java-uri" -> "string of format uri that java.net.URI can hold";
      case "duration", "java-duration" -> "string of format duration (PnDTnHnMnS)";
      default -> "string of format " + format;
    };
  }

  private static <T> ValueReader<T> formatted(String format, Function<String, T> parse) {
    String expected = expected(format);
    return in -> {
      JsonParser p = in.parser();
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        return in.wrong(expected);
      }
      String text = p.getText();
      if (!Formats.valid(format, text)) {
        in.problem(expected, Problems.gotText(text));
        return null;
      }
      return parse.apply(text);
    };
  }
}
