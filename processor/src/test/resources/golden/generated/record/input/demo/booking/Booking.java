package demo.booking;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.util.List;
import java.util.Optional;

/** Books rooms. */
public final class Booking {
  private Booking() {}

  /**
   * A booking request.
   *
   * @param room the room's code
   * @param guests who stays
   * @param nights how many nights
   * @param note a note for the desk
   */
  public record Request(
      @Param(pattern = "^[A-Z][0-9]{3}$") String room,
      @Param(minItems = 1) List<String> guests,
      @Param(minimum = 1, maximum = 30) int nights,
      Optional<String> note) {}

  /** Books a room. */
  @Tool
  public static String book(Request request) {
    return request.room() + " for " + request.guests().size() + " guests, " + request.nights() + " nights";
  }
}
