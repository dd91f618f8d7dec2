package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.ArgumentProblem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The problems found while reading one call's arguments; readers add to it instead of stopping at
 * the first.
 */
public final class Problems {

  private static final int MAX_GOT_CHARS = 60;

  private final List<ArgumentProblem> problems = new ArrayList<>(2);
  private boolean broken;

  /** Records a problem. */
  public void add(String path, String expected, String got) {
    problems.add(new ArgumentProblem(path, expected, got));
  }

  /**
   * Records that the value at the parser's current token is not what {@code expected} says, skips
   * it, and returns null so a reader can {@code return problems.wrong(...)}.
   */
  public <T> T wrong(JsonParser parser, String path, String expected) throws IOException {
    add(path, expected, describe(parser));
    parser.skipChildren();
    return null;
  }

  /** How many problems were found so far. */
  public int count() {
    return problems.size();
  }

  /** Every problem, in the order found. */
  public List<ArgumentProblem> list() {
    return List.copyOf(problems);
  }

  /** Whether the JSON text itself could not be parsed, which ends reading. */
  boolean broken() {
    return broken;
  }

  /** Records unparseable JSON text once and ends reading. */
  void malformed(String detail) {
    if (!broken) {
      broken = true;
      add("", "valid JSON", shorten(detail));
    }
  }

  /** The value at the parser's current token, as a problem's {@code got}: short and readable. */
  static String describe(JsonParser parser) throws IOException {
    JsonToken token = parser.currentToken();
    if (token == null) {
      return "nothing";
    }
    switch (token) {
      case START_OBJECT:
        return "object";
      case START_ARRAY:
        return "array";
      case VALUE_NULL:
        return "null";
      case VALUE_STRING:
        return '"' + shorten(parser.getText()) + '"';
      default:
        return shorten(parser.getText());
    }
  }

  static String shorten(String text) {
    if (text == null) {
      return "";
    }
    return text.length() <= MAX_GOT_CHARS ? text : text.substring(0, MAX_GOT_CHARS) + "...";
  }
}
