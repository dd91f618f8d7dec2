package dev.toolsmith.bench;

import java.util.List;

/** The two benchmarked tools written by hand, with the bodies the generator gives every form. */
final class LimitTools {

  /** Priority of an event. */
  enum Priority {
    LOW,
    NORMAL,
    HIGH,
    URGENT
  }

  /** Where an event takes place. */
  record Location(String city, double latitude, double longitude) {}

  /** Someone invited to an event. */
  record Attendee(String email, String name, boolean optional) {}

  /** What creating an event returns. */
  record Created(String id, int attendees, List<String> tags) {}

  private LimitTools() {}

  static String searchDocs0(String query, int limit, boolean exactMatch) {
    return "Found "
        + limit
        + " "
        + (exactMatch ? "exact" : "fuzzy")
        + " matches for '"
        + query
        + "' in docs";
  }

  // The body GenerateToolSets gives every contender's tools, so the limit does the same work.
  @SuppressWarnings("StringCaseLocaleUsage")
  static Created createDocs1(
      String title,
      Priority priority,
      List<String> tags,
      Location location,
      List<Attendee> attendees) {
    int required = 0;
    for (Attendee a : attendees) {
      if (!a.optional()) {
        required++;
      }
    }
    return new Created(
        title.toLowerCase().replace(' ', '-')
            + "@"
            + location.city()
            + "/"
            + priority.name().toLowerCase(),
        required,
        tags);
  }
}
