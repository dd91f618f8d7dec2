package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.example.TimeTools.ConvertTime;
import dev.toolsmith.example.TimeTools.ZonedTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

final class TimeToolsTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-02T09:15:30Z"), ZoneOffset.UTC);

  @Test
  void tellsTheTimeInAZoneOrInUtc() {
    assertEquals(
        new ZonedTime("2026-12-02T18:15:30+09:00", "Asia/Tokyo", "Wednesday"),
        TimeTools.now(CLOCK, "Asia/Tokyo"));
    assertEquals(
        new ZonedTime("2026-12-02T09:15:30Z", "UTC", "Wednesday"), TimeTools.now(CLOCK, null));
  }

  @Test
  void convertsBetweenZonesWithDaylightSavingTime() {
    // 29 March 2026: Paris is on summer time (+02:00), Tokyo has none (+09:00).
    assertEquals(
        new ZonedTime("2026-03-29T16:30:00+09:00", "Asia/Tokyo", "Sunday"),
        TimeTools.convertTime(new ConvertTime("2026-03-29T09:30", "Europe/Paris", "Asia/Tokyo")));
    // The day before, Paris is still on +01:00.
    assertEquals(
        new ZonedTime("2026-03-28T17:30:00+09:00", "Asia/Tokyo", "Saturday"),
        TimeTools.convertTime(new ConvertTime("2026-03-28T09:30", "Europe/Paris", "Asia/Tokyo")));
  }

  @Test
  void usesAnOffsetInTheInputOverFromZone() {
    assertEquals(
        new ZonedTime("2026-01-01T00:00:00-05:00", "America/New_York", "Thursday"),
        TimeTools.convertTime(new ConvertTime("2026-01-01T05:00:00Z", null, "America/New_York")));
  }

  @Test
  void explainsBadInput() {
    IllegalArgumentException zone =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                TimeTools.convertTime(new ConvertTime("2026-01-01T10:00", "Mars/Olympus", "UTC")));
    assertEquals(
        "unknown time zone 'Mars/Olympus'; use an IANA id such as Europe/Paris", zone.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> TimeTools.convertTime(new ConvertTime("2026-01-01T10:00", null, "UTC")));
    assertThrows(
        IllegalArgumentException.class,
        () -> TimeTools.convertTime(new ConvertTime("tomorrow at ten", "UTC", "UTC")));
    assertThrows(IllegalArgumentException.class, () -> TimeTools.now(CLOCK, "Nowhere/City"));
  }
}
