package dev.toolsmith.runtime.support;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The JSON Schema string formats the runtime checks, each as strict as its RFC: a value passes only
 * when it matches the grammar and parses as the Java type. Unknown formats are annotations only.
 */
final class Formats {

  private static final Pattern DATE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}$");
  private static final Pattern DATE_TIME =
      Pattern.compile(
          "^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})$");
  private static final Pattern UUID =
      Pattern.compile(
          "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
  private static final Pattern EMAIL =
      Pattern.compile(
          "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
              + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$");

  /** What a local time must look like (JSON Schema's "time" format requires an offset). */
  static final String LOCAL_TIME_PATTERN = "^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?$";

  /** What a local date-time must look like. */
  static final String LOCAL_DATE_TIME_PATTERN =
      "^(\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)"
          + "|02-(0[1-9]|1\\d|2[0-8]))|(\\d{2}(0[48]|[2468][048]|[13579][26])"
          + "|([02468][048]|[13579][26])00)-02-29)T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?$";

  /** The durations java.time.Duration reads: days, hours, minutes, seconds. */
  static final String DURATION_PATTERN =
      "^P(?=\\d|T\\d)(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?$";

  private static final Pattern LOCAL_TIME = Pattern.compile(LOCAL_TIME_PATTERN);
  private static final Pattern LOCAL_DATE_TIME = Pattern.compile(LOCAL_DATE_TIME_PATTERN);
  private static final Pattern DURATION = Pattern.compile(DURATION_PATTERN);

  private Formats() {}

  /**
   * Whether {@code text} is valid in {@code format}; true for formats the runtime does not know.
   */
  static boolean valid(String format, String text) {
    try {
      return switch (format) {
        case "date" -> DATE.matcher(text).matches() && LocalDate.parse(text) != null;
        case "date-time" ->
            DATE_TIME.matcher(text).matches()
                && OffsetDateTime.parse(text.toUpperCase(Locale.ROOT)) != null;
        case "uuid" -> UUID.matcher(text).matches();
        case "uri" -> new URI(text).isAbsolute();
        case "email" -> EMAIL.matcher(text).matches();
        case "duration" -> DURATION.matcher(text).matches() && Duration.parse(text) != null;
        case "local-time" -> LOCAL_TIME.matcher(text).matches() && LocalTime.parse(text) != null;
        case "local-date-time" ->
            LOCAL_DATE_TIME.matcher(text).matches() && LocalDateTime.parse(text) != null;
        default -> true;
      };
    } catch (DateTimeParseException | URISyntaxException | ArithmeticException e) {
      return false;
    }
  }
}
