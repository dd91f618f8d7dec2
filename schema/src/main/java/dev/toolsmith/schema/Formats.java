package dev.toolsmith.schema;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The JSON Schema string formats the runtime checks, each as strict as its RFC: a value passes only
 * when it matches the grammar and parses as the Java type. Unknown formats are annotations only.
 */
public final class Formats {

  private static final Pattern DATE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}$");

  /** RFC 3339 date-time: any number of fraction digits; second 60 checked apart (leap second). */
  private static final Pattern DATE_TIME =
      Pattern.compile(
          "(\\d{4}-\\d{2}-\\d{2}[Tt])(\\d{2}):(\\d{2}):(\\d{2})(\\.\\d+)?"
              + "([Zz]|([+-])(\\d{2}):(\\d{2}))");

  private static final Pattern UUID =
      Pattern.compile(
          "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

  /**
   * RFC 5321 Mailbox: a dot-string (no leading, trailing or doubled dots) or a quoted string, at a
   * domain or an address literal (IPv4, or IPv6 checked apart).
   */
  private static final Pattern EMAIL =
      Pattern.compile(
          "(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
              + "|\"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*\")@"
              + "(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*"
              + "[A-Za-z0-9])?)*|\\[(?:"
              + "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)"
              + "(?:\\.(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}|IPv6:[0-9A-Fa-f:.]+)\\])");

  /** RFC 3986 URI: scheme, then only the characters the grammar allows, escapes well formed. */
  private static final Pattern URI =
      Pattern.compile(
          "[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9._~!$&'()*+,;=:@/?\\[\\]-]|%[0-9A-Fa-f]{2})*"
              + "(?:#(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?");

  /**
   * RFC 3339 Appendix A duration: dates in order, times in order, or weeks alone; ABNF letters
   * match either case.
   */
  private static final Pattern RFC_DURATION =
      Pattern.compile(
          "P(?:(?:\\d+Y(?:\\d+M(?:\\d+D)?)?|\\d+M(?:\\d+D)?|\\d+D)(?:T(?:\\d+H(?:\\d+M"
              + "(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S))?|T(?:\\d+H(?:\\d+M(?:\\d+S)?)?"
              + "|\\d+M(?:\\d+S)?|\\d+S)|\\d+W)",
          Pattern.CASE_INSENSITIVE);

  /** What a local time must look like (JSON Schema's "time" format requires an offset). */
  static final String LOCAL_TIME_PATTERN = "^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?$";

  /** What a local date-time must look like. */
  static final String LOCAL_DATE_TIME_PATTERN =
      "^(\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)"
          + "|02-(0[1-9]|1\\d|2[0-8]))|(\\d{2}(0[48]|[2468][048]|[13579][26])"
          + "|([02468][048]|[13579][26])00)-02-29)T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?$";

  /**
   * One number of a Duration: at most 14 digits, so that no text the pattern accepts overflows a
   * Duration (14 digits of days, hours, minutes and seconds together stay under 2^63 seconds), and
   * the reader refuses nothing the pattern accepts.
   */
  private static final String DUR_NUMBER = "\\d{1,14}";

  /** RFC 3339 dur-time: hours may be followed only by minutes, minutes only by seconds. */
  private static final String DUR_TIME =
      "[Tt](?:"
          + DUR_NUMBER
          + "[Hh](?:"
          + DUR_NUMBER
          + "[Mm](?:"
          + DUR_NUMBER
          + "[Ss])?)?|"
          + DUR_NUMBER
          + "[Mm](?:"
          + DUR_NUMBER
          + "[Ss])?|"
          + DUR_NUMBER
          + "[Ss])";

  /**
   * The RFC 3339 durations a java.time.Duration holds: the grammar without years, months and weeks
   * (a Duration has none), letters of either case as in the ABNF, numbers of at most 14 digits (no
   * overflow). Also the Duration type's schema pattern, so the schema and the reader accept one
   * language.
   */
  public static final String DURATION_PATTERN =
      "^[Pp](?:" + DUR_NUMBER + "[Dd](?:" + DUR_TIME + ")?|" + DUR_TIME + ")$";

  private static final Pattern LOCAL_TIME = Pattern.compile(LOCAL_TIME_PATTERN);
  private static final Pattern LOCAL_DATE_TIME = Pattern.compile(LOCAL_DATE_TIME_PATTERN);
  private static final Pattern DURATION = Pattern.compile(DURATION_PATTERN);

  private Formats() {}

  /**
   * Whether {@code text} is valid in {@code format}; true for formats the runtime does not know.
   */
  public static boolean valid(String format, String text) {
    try {
      return switch (format) {
        case "date" -> DATE.matcher(text).matches() && LocalDate.parse(text) != null;
        case "date-time" -> javaDateTime(text) != null;
        case "uuid" -> UUID.matcher(text).matches();
        case "uri" -> validUri(text);
        case "java-uri" -> validUri(text) && javaUri(text);
        case "email" -> validEmail(text);
        case "duration" -> RFC_DURATION.matcher(text).matches();
        case "java-duration" -> DURATION.matcher(text).matches() && Duration.parse(text) != null;
        case "local-time" -> LOCAL_TIME.matcher(text).matches() && LocalTime.parse(text) != null;
        case "local-date-time" ->
            LOCAL_DATE_TIME.matcher(text).matches() && LocalDateTime.parse(text) != null;
        default -> true;
      };
    } catch (DateTimeParseException | ArithmeticException e) {
      return false;
    }
  }

  /**
   * A valid RFC 3339 date-time as {@code OffsetDateTime.parse} reads it, or null: upper case, a
   * fraction cut to nanoseconds, and a leap second (valid only at 23:59:60 UTC) read as second 59.
   */
  public static @Nullable String javaDateTime(String text) {
    Matcher m = DATE_TIME.matcher(text);
    if (!m.matches()) {
      return null;
    }
    String fraction = m.group(5) == null ? "" : m.group(5);
    String seconds = m.group(4);
    if (seconds.equals("60")) {
      int minutes = Integer.parseInt(m.group(2)) * 60 + Integer.parseInt(m.group(3));
      if (m.group(7) != null) {
        int offset = Integer.parseInt(m.group(8)) * 60 + Integer.parseInt(m.group(9));
        minutes -= m.group(7).equals("+") ? offset : -offset;
      }
      if (Math.floorMod(minutes, 24 * 60) != 23 * 60 + 59) {
        return null;
      }
      seconds = "59";
    }
    String java =
        (m.group(1)
                + m.group(2)
                + ":"
                + m.group(3)
                + ":"
                + seconds
                + fraction.substring(0, Math.min(10, fraction.length()))
                + m.group(6))
            .toUpperCase(Locale.ROOT);
    try {
      OffsetDateTime.parse(java);
      return java;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static boolean validUri(String text) {
    if (!URI.matcher(text).matches()) {
      return false;
    }
    try {
      java.net.URI uri = new java.net.URI(text);
      String host = uri.getHost();
      if (host != null && host.startsWith("[") && !ipv6(host.substring(1, host.length() - 1))) {
        return false;
      }
      // the grammar's authority: a port is digits; brackets only around an IP literal host
      return uri.getRawAuthority() == null
          || uri.getHost() != null
          || (!text.contains("[") && !uri.getRawAuthority().matches(".*:.*[^0-9].*"));
    } catch (URISyntaxException e) {
      return text.indexOf(':') == text.length() - 1; // "http:": a scheme and an empty path
    }
  }

  private static boolean javaUri(String text) {
    try {
      return new java.net.URI(text).isAbsolute();
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static boolean validEmail(String text) {
    Matcher m = EMAIL.matcher(text);
    if (!m.matches()) {
      return false;
    }
    int v6 = text.indexOf("@[IPv6:");
    if (v6 < 0) {
      return true;
    }
    try {
      return ipv6(text.substring(v6 + 7, text.length() - 1));
    } catch (IndexOutOfBoundsException e) {
      return false;
    }
  }

  /** An RFC 4291 IPv6 address text; an embedded IPv4 part is dotted decimal without zeros. */
  private static boolean ipv6(String address) {
    int dot = address.indexOf('.');
    if (dot >= 0 && !IPV4.matcher(address.substring(address.lastIndexOf(':') + 1)).matches()) {
      return false;
    }
    try {
      return address.contains(":")
          && address.matches("[0-9A-Fa-f:.]+")
          && java.net.InetAddress.getByName("[" + address + "]") != null;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }

  private static final Pattern IPV4 =
      Pattern.compile(
          "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)"
              + "(?:\\.(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
}
