package dev.toolsmith.example;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.TextStyle;
import java.util.Locale;

/** The {@code time} toolset: the current time in a zone, and date-times converted between zones. */
public final class TimeTools {

  private TimeTools() {}

  /**
   * A moment in one zone.
   *
   * @param dateTime ISO-8601 date-time with offset, e.g. {@code 2026-12-02T10:15:30+09:00}
   * @param zone the IANA time-zone id
   * @param dayOfWeek the day of the week in English
   */
  public record ZonedTime(String dateTime, String zone, String dayOfWeek) {}

  /**
   * Tells the current date and time in a time zone.
   *
   * @param zone IANA time-zone id such as Europe/Paris or Asia/Tokyo; UTC when absent
   */
  @Tool(toolset = "time", emoji = "🕒")
  public static ZonedTime now(@Param(required = false) String zone) {
    return now(Clock.systemUTC(), zone);
  }

  /** {@link #now(String)} at the instant of {@code clock}, for tests. */
  static ZonedTime now(Clock clock, String zone) {
    ZoneId id = zone(zone == null ? "UTC" : zone);
    return describe(ZonedDateTime.now(clock.withZone(id)));
  }

  /**
   * The arguments of {@code convert_time}.
   *
   * @param dateTime ISO-8601 local date-time such as 2026-03-29T09:30, or one with an offset
   * @param fromZone IANA time-zone id the date-time is in; ignored when it has an offset
   * @param toZone IANA time-zone id to convert to
   */
  public record ConvertTime(
      String dateTime, @Param(required = false) String fromZone, String toZone) {}

  /** Converts a date-time from one time zone to another, daylight saving time included. */
  @Tool(toolset = "time", emoji = "🌍")
  public static ZonedTime convertTime(ConvertTime args) {
    ZoneId target = zone(args.toZone());
    ZonedDateTime source;
    try {
      source = OffsetDateTime.parse(args.dateTime()).toZonedDateTime();
    } catch (DateTimeParseException withoutOffset) {
      if (args.fromZone() == null) {
        throw new IllegalArgumentException("fromZone is required when dateTime has no offset");
      }
      try {
        source = LocalDateTime.parse(args.dateTime()).atZone(zone(args.fromZone()));
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(
            "dateTime '" + args.dateTime() + "' is not ISO-8601, e.g. 2026-03-29T09:30", e);
      }
    }
    return describe(source.withZoneSameInstant(target));
  }

  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "unknown time zone '" + id + "'; use an IANA id such as Europe/Paris", e);
    }
  }

  private static ZonedTime describe(ZonedDateTime time) {
    return new ZonedTime(
        time.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
        time.getZone().getId(),
        time.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
  }
}
