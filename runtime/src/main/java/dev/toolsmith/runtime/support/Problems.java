package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import java.io.IOException;
import java.time.YearMonth;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The problems found in one call's arguments, in the order found, and how a problem words and
 * places the value it is about; made on the first one, so valid arguments cost no list.
 */
final class Problems {

  private static final int MAX_GOT_CHARS = 60;

  private static final Pattern DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");

  /** At most this many problems are kept; the rest are counted in one summary entry. */
  static final int MAX_PROBLEMS = 20;

  private final List<ArgumentProblem> problems = new ArrayList<>(2);
  private int count;

  /** Records a problem at {@code path}, a JSON Pointer. */
  void add(String path, String expected, String got) {
    if (count++ < MAX_PROBLEMS) {
      problems.add(new ArgumentProblem(path, expected, got));
    }
  }

  /** How many problems were found. */
  int count() {
    return count;
  }

  /** Every problem, in the order found. */
  List<ArgumentProblem> list() {
    if (count <= MAX_PROBLEMS) {
      return List.copyOf(problems);
    }
    // A huge bad payload must not become a huge error: the model gets the first ones and a count.
    List<ArgumentProblem> capped = new ArrayList<>(problems);
    capped.add(
        new ArgumentProblem(
            "", "at most " + MAX_PROBLEMS + " problems listed", (count - MAX_PROBLEMS) + " more"));
    return List.copyOf(capped);
  }

  /** The value at the parser's current token, as a problem's {@code got}: short and readable. */
  static String describe(JsonParser parser) throws IOException {
    JsonToken token = parser.currentToken();
    if (token == null) {
      return "nothing";
    }
    return switch (token) {
      case START_OBJECT -> "object";
      case START_ARRAY -> "array";
      case VALUE_NULL -> "null";
      case VALUE_STRING -> '"' + shorten(parser.getText()) + '"';
      default -> shorten(parser.getText());
    };
  }

  /**
   * Where a value is, as a JSON Pointer ({@code /shape/points/0/x}): the path of each replayed
   * copy's original, the first {@code count} parsers of {@code outer}, then the path inside {@code
   * current}. The parsers track it anyway, so a path costs nothing until a problem asks for it.
   */
  static String pointer(JsonParser[] outer, int count, @Nullable JsonParser current) {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; i < count; i++) {
      append(pointer, outer[i].getParsingContext());
    }
    if (current != null) {
      append(pointer, current.getParsingContext());
    }
    return pointer.toString();
  }

  /**
   * Appends the path of {@code context}: a property name per object and an index per array, from
   * the root; an object or array whose first token is current adds nothing yet.
   */
  private static void append(StringBuilder pointer, @Nullable JsonStreamContext context) {
    if (context == null || context.inRoot()) {
      return;
    }
    append(pointer, context.getParent());
    if (context.inObject() && context.hasCurrentName()) {
      pointer.append('/').append(escape(context.getCurrentName()));
    } else if (context.inArray() && context.hasCurrentIndex()) {
      pointer.append('/').append(context.getCurrentIndex());
    }
  }

  /** JSON Pointer escapes '~' and '/' in reference tokens. */
  static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  /**
   * What a call sent as a date or time text that its format refused: the text quoted, and when it
   * starts with a well-formed date that is not on the calendar, which day does not exist ({@code
   * "2026-02-30" (no such day: February 2026 has 28 days)}).
   */
  static String gotText(String text) {
    String quoted = '"' + shorten(text) + '"';
    Matcher date = DATE.matcher(text);
    if (date.lookingAt()) {
      int month = Integer.parseInt(date.group(2));
      int day = Integer.parseInt(date.group(3));
      if (month >= 1 && month <= 12 && day >= 1) {
        YearMonth yearMonth = YearMonth.of(Integer.parseInt(date.group(1)), month);
        if (day > yearMonth.lengthOfMonth()) {
          return quoted
              + " (no such day: "
              + yearMonth.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH)
              + " "
              + yearMonth.getYear()
              + " has "
              + yearMonth.lengthOfMonth()
              + " days)";
        }
      }
    }
    return quoted;
  }

  static String shorten(@Nullable String text) {
    if (text == null) {
      return "";
    }
    return text.length() <= MAX_GOT_CHARS ? text : text.substring(0, MAX_GOT_CHARS) + "...";
  }
}
