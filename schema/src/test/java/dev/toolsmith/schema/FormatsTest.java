package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** String formats are checked as strictly as their RFCs, no more and no less. */
final class FormatsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1998-12-31T23:59:60Z",
        "1998-12-31T15:59:60.123-08:00",
        "2024-01-31T10:00:00.1234567891Z",
        "P1Y",
        "P2W",
        "http:",
        "\"joe bloggs\"@example.com",
        "joe@[127.0.0.1]",
        "joe@[IPv6:::1]"
      })
  void formatsFollowTheirRfcs(String valid) {
    String format =
        valid.startsWith("P")
            ? "duration"
            : valid.startsWith("http") ? "uri" : valid.contains("@") ? "email" : "date-time";
    assertTrue(Formats.valid(format, valid), valid);
  }

  @Test
  void formatsRefuseWhatTheirRfcsRefuse() {
    assertFalse(Formats.valid("email", "a..b@c.d"));
    assertFalse(Formats.valid("date-time", "1998-12-31T22:59:60Z"));
    assertFalse(Formats.valid("duration", "P1Y2W"));
    assertFalse(Formats.valid("uri", "http://example.com:abc/"));
  }
}
