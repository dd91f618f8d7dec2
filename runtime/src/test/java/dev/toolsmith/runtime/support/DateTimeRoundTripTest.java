package dev.toolsmith.runtime.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/**
 * A java.time result is written in the one form its reader reads, so what a tool returned can be
 * passed back to a tool as it is (toString() leaves out zero seconds, and a ZonedDateTime's adds a
 * zone id, which JSON Schema's date-time does not have).
 */
final class DateTimeRoundTripTest {

  private static <T> String written(ValueWriter<? super T> writer, T value) throws Exception {
    StringWriter out = new StringWriter();
    try (var g = ArgumentJson.ARGUMENTS.createGenerator(out)) {
      writer.write(g, value);
    }
    return out.toString();
  }

  private static <T> T readBack(ValueReader<T> reader, String json) throws Exception {
    ArgumentReader in = ArgumentReader.value(json);
    T value = in.read(reader);
    in.finish(); // throws the problems, if any
    return value;
  }

  @Test
  void aZonedDateTimeIsWrittenAsAnRfc3339DateTimeAtItsOffsetAndReadBack() throws Exception {
    ZonedDateTime paris = ZonedDateTime.of(2026, 6, 2, 10, 0, 0, 0, ZoneId.of("Europe/Paris"));
    String json = written(Writers.DATE_TIME, paris);
    assertEquals("\"2026-06-02T10:00:00+02:00\"", json);
    ZonedDateTime read = readBack(Scalars.ZONED_DATE_TIME, json);
    assertEquals(paris.toOffsetDateTime(), read.toOffsetDateTime());
    assertEquals(
        "\"2026-01-02T03:04:05.5Z\"",
        written(
            Writers.DATE_TIME, ZonedDateTime.of(2026, 1, 2, 3, 4, 5, 500_000_000, ZoneOffset.UTC)));
  }

  @Test
  void localAndOffsetValuesKeepTheirZeroSecondsAndAreReadBack() throws Exception {
    OffsetDateTime offset = OffsetDateTime.parse("2024-01-02T03:04:00+01:00");
    assertEquals(offset, readBack(Scalars.OFFSET_DATE_TIME, written(Writers.DATE_TIME, offset)));
    LocalTime time = LocalTime.of(10, 15);
    assertEquals("\"10:15:00\"", written(Writers.LOCAL_TIME, time));
    assertEquals(time, readBack(Scalars.LOCAL_TIME, written(Writers.LOCAL_TIME, time)));
    LocalDateTime local = LocalDateTime.of(2024, 1, 2, 3, 4, 0, 1);
    assertEquals("\"2024-01-02T03:04:00.000000001\"", written(Writers.LOCAL_DATE_TIME, local));
    assertEquals(local, readBack(Scalars.LOCAL_DATE_TIME, written(Writers.LOCAL_DATE_TIME, local)));
  }
}
