package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The problems found while reading one call's arguments, and where the reader is: readers add to it
 * instead of stopping at the first problem. The position is a stack of property names and array
 * indexes, turned into a JSON Pointer only when a problem is recorded, so valid arguments cost no
 * path strings.
 */
public final class Problems {

  private static final int MAX_GOT_CHARS = 60;

  /** At most this many problems are kept; the rest are counted in one summary entry. */
  static final int MAX_PROBLEMS = 20;

  private @Nullable List<ArgumentProblem> problems;
  private int count;
  private boolean broken;
  // Sized for the usual depth; indexes only once an array is entered. Every call allocates these.
  private String[] names = new String[4];
  private int @Nullable [] indexes;
  private int depth;

  /** Made by the readers of one call; generated code only passes it on. */
  Problems() {}

  /** Steps into property {@code name} of the current object. */
  public void enter(String name) {
    grow();
    names[depth++] = name;
  }

  /** Steps into element {@code index} of the current array. */
  public void enter(int index) {
    grow();
    if (indexes == null || indexes.length < names.length) {
      indexes = indexes == null ? new int[names.length] : Arrays.copyOf(indexes, names.length);
    }
    names[depth] = null;
    indexes[depth++] = index;
  }

  /** Steps back out of the last {@link #enter}. */
  public void leave() {
    depth--;
  }

  /** Records a problem at the current position. */
  public void add(String expected, String got) {
    addAt(pointer(), expected, got);
  }

  /**
   * Records that the value at the parser's current token is not what {@code expected} says, skips
   * it, and returns null so a reader can {@code return problems.wrong(...)}.
   */
  @SuppressWarnings("TypeParameterUnusedInFormals") // null is a T for every T: no cast is hidden
  public <T> @Nullable T wrong(JsonParser parser, String expected) throws IOException {
    add(expected, describe(parser));
    parser.skipChildren();
    return null;
  }

  /** How many problems were found so far. */
  public int count() {
    return count;
  }

  /** Every problem, in the order found. */
  public List<ArgumentProblem> list() {
    if (problems == null) {
      return List.of();
    }
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

  /** Whether the JSON text itself could not be parsed, which ends reading. */
  boolean broken() {
    return broken;
  }

  /** Records a property sent twice in one object, as Jackson's strict parser words it. */
  void duplicate(String name) {
    malformed("invalid JSON: Duplicate field '" + name + "'");
  }

  /** Records unparseable JSON text once, at the root, and ends reading. */
  void malformed(String detail) {
    if (!broken) {
      broken = true;
      addAt("", "valid JSON", shorten(detail));
    }
  }

  /** Records a problem at the root. */
  void addAtRoot(String expected, String got) {
    addAt("", expected, got);
  }

  private void addAt(String path, String expected, String got) {
    if (problems == null) {
      problems = new ArrayList<>(2);
    }
    if (count++ < MAX_PROBLEMS) {
      problems.add(new ArgumentProblem(path, expected, got));
    }
  }

  /** The current position as a JSON Pointer, e.g. {@code /shape/points/0/x}. */
  private String pointer() {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      pointer.append('/');
      if (names[i] == null) {
        pointer.append(requireNonNull(indexes)[i]); // enter(int) made them
      } else {
        // JSON Pointer escapes '~' and '/' in reference tokens.
        pointer.append(names[i].replace("~", "~0").replace("/", "~1"));
      }
    }
    return pointer.toString();
  }

  private void grow() {
    if (depth == names.length) {
      names = Arrays.copyOf(names, depth * 2);
      if (indexes != null) {
        indexes = Arrays.copyOf(indexes, depth * 2);
      }
    }
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

  static String shorten(@Nullable String text) {
    if (text == null) {
      return "";
    }
    return text.length() <= MAX_GOT_CHARS ? text : text.substring(0, MAX_GOT_CHARS) + "...";
  }
}
