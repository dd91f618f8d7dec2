package dev.toolsmith.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The limit: what no library can beat. Hand-written code for exactly the two benchmarked tools that
 * parses the arguments with jackson-core's streaming parser (no validation beyond what the parse
 * needs), calls the method directly and writes the result.
 */
final class LimitContender {

  private static final JsonFactory JSON = new JsonFactory();

  String dispatch(String name, String arguments) {
    try {
      return switch (name) {
        case Calls.SMALL_TOOL -> small(arguments);
        case Calls.NESTED_TOOL -> nested(arguments);
        default -> "{\"error\":\"Unknown tool: " + name + "\"}";
      };
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String small(String arguments) throws IOException {
    String query = null;
    int limit = 0;
    boolean exactMatch = false;
    try (JsonParser p = JSON.createParser(arguments)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        switch (field) {
          case "query" -> query = p.getText();
          case "limit" -> limit = p.getIntValue();
          case "exactMatch" -> exactMatch = p.getBooleanValue();
          default -> p.skipChildren();
        }
      }
    }
    return LimitTools.searchDocs0(present(query, "query"), limit, exactMatch);
  }

  private static String nested(String arguments) throws IOException {
    String title = null;
    LimitTools.Priority priority = null;
    List<String> tags = null;
    LimitTools.Location location = null;
    List<LimitTools.Attendee> attendees = null;
    try (JsonParser p = JSON.createParser(arguments)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        switch (field) {
          case "title" -> title = p.getText();
          case "priority" -> priority = LimitTools.Priority.valueOf(p.getText());
          case "tags" -> tags = strings(p);
          case "location" -> location = location(p);
          case "attendees" -> attendees = attendees(p);
          default -> p.skipChildren();
        }
      }
    }
    LimitTools.Created created =
        LimitTools.createDocs1(
            present(title, "title"),
            present(priority, "priority"),
            present(tags, "tags"),
            present(location, "location"),
            present(attendees, "attendees"));
    StringWriter out = new StringWriter(128);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("id", created.id());
      g.writeNumberField("attendees", created.attendees());
      g.writeArrayFieldStart("tags");
      for (String tag : created.tags()) {
        g.writeString(tag);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    return out.toString();
  }

  /**
   * {@code value}, read for the required property {@code name}: one that was not sent fails here (a
   * null check, no allocation) rather than as a NullPointerException inside the tool.
   */
  private static <T> T present(@Nullable T value, String name) {
    if (value == null) {
      throw new IllegalArgumentException("missing property " + name);
    }
    return value;
  }

  private static List<String> strings(JsonParser p) throws IOException {
    List<String> values = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      values.add(p.getText());
    }
    return values;
  }

  private static LimitTools.Location location(JsonParser p) throws IOException {
    String city = null;
    double latitude = 0;
    double longitude = 0;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      p.nextToken();
      switch (field) {
        case "city" -> city = p.getText();
        case "latitude" -> latitude = p.getDoubleValue();
        case "longitude" -> longitude = p.getDoubleValue();
        default -> p.skipChildren();
      }
    }
    return new LimitTools.Location(present(city, "city"), latitude, longitude);
  }

  private static List<LimitTools.Attendee> attendees(JsonParser p) throws IOException {
    List<LimitTools.Attendee> values = new ArrayList<>();
    while (p.nextToken() == JsonToken.START_OBJECT) {
      String email = null;
      String name = null;
      boolean optional = false;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        switch (field) {
          case "email" -> email = p.getText();
          case "name" -> name = p.getText();
          case "optional" -> optional = p.getBooleanValue();
          default -> p.skipChildren();
        }
      }
      values.add(new LimitTools.Attendee(present(email, "email"), present(name, "name"), optional));
    }
    return values;
  }
}
