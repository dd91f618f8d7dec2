package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import java.io.IOException;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Walks the properties of one JSON object (a call's arguments or a nested record), for generated
 * readers: they loop over {@link #nextProperty()}, {@link #read} each known property, then {@link
 * #require} the required ones. Problems are collected, never thrown, until {@link #finish()}.
 */
public final class ObjectReader {

  private final @Nullable JsonParser parser; // null: no object to walk, done from the start
  private final Problems problems;
  private final int problemsAtStart;

  /** The property names read so far; an array, not a list: one object fewer per object read. */
  private String[] seen = new String[4];

  private int seenCount;
  private final boolean notAnObject;
  private boolean done;
  private @Nullable String name;

  private ObjectReader(@Nullable JsonParser parser, Problems problems, boolean done) {
    this.parser = parser;
    this.problems = problems;
    this.problemsAtStart = problems.count();
    this.done = done;
    // Arguments that are no object already have their one problem; "missing" ones would only add
    // noise.
    this.notAnObject = parser == null && problems.count() > 0;
  }

  /**
   * A reader of a tool call's arguments. Blank text means {@code {}}; a JSON string holding an
   * object (double-encoded arguments) is read as that object; anything else that is not an object
   * is one problem at path "".
   */
  public static ObjectReader arguments(String argumentsJson) {
    Problems problems = new Problems();
    if (argumentsJson == null || argumentsJson.isBlank()) {
      return new ObjectReader(null, problems, true);
    }
    try {
      JsonParser parser = ArgumentJson.ARGUMENTS.createParser(argumentsJson);
      JsonToken first = parser.nextToken();
      if (first == JsonToken.VALUE_STRING) {
        String inner = parser.getText();
        if (parser.nextToken() != null) {
          problems.addAtRoot("end of input", Problems.describe(parser));
          parser.close();
          return new ObjectReader(null, problems, true);
        }
        parser.close();
        if (inner.isBlank()) {
          return new ObjectReader(null, problems, true);
        }
        parser = ArgumentJson.ARGUMENTS.createParser(inner);
        parser.nextToken();
      }
      if (parser.currentToken() != JsonToken.START_OBJECT) {
        problems.addAtRoot("object", Problems.describe(parser));
        parser.close();
        return new ObjectReader(null, problems, true);
      }
      return new ObjectReader(parser, problems, false);
    } catch (IOException e) {
      problems.malformed(message(e));
      return new ObjectReader(null, problems, true);
    }
  }

  /**
   * A reader of the nested object at the parser's current token, or null (after recording a problem
   * and skipping the value) when the value there is not an object.
   */
  public static @Nullable ObjectReader nested(JsonParser parser, Problems problems)
      throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      return problems.wrong(parser, "object");
    }
    return new ObjectReader(parser, problems, false);
  }

  /**
   * Moves to the next property's value; false at the end of the object or once the JSON is broken.
   */
  public boolean nextProperty() {
    if (done || problems.broken()) {
      return false;
    }
    try {
      JsonParser parser = parser();
      JsonToken token = parser.nextToken();
      if (token != JsonToken.FIELD_NAME) {
        done = true;
        return false;
      }
      name = parser.currentName();
      parser.nextToken();
      if (seenCount == seen.length) {
        seen = Arrays.copyOf(seen, seenCount * 2);
      }
      seen[seenCount++] = name;
      return true;
    } catch (IOException e) {
      problems.malformed(message(e));
      done = true;
      return false;
    }
  }

  /** The current property's name. */
  public String name() {
    return requireNonNull(name, "no current property");
  }

  /** Reads the current property's value with {@code reader}; null when it has a problem. */
  public <T> @Nullable T read(ValueReader<T> reader) {
    try {
      problems.enter(name());
      T value = reader.read(parser(), problems);
      problems.leave();
      return value;
    } catch (IOException e) {
      problems.malformed(message(e));
      done = true;
      return null;
    }
  }

  /**
   * Records the current property as sent twice: invalid JSON for a tool, since either value could
   * be meant; reading ends, as at any other JSON error.
   */
  public void duplicate() {
    problems.duplicate(name());
    done = true;
  }

  /** Skips the current property's value (a union's discriminator, already checked). */
  public void skip() {
    try {
      parser().skipChildren();
    } catch (IOException e) {
      problems.malformed(message(e));
      done = true;
    }
  }

  /**
   * Records the current property as unknown and skips its value; {@code expected} lists the known
   * ones.
   */
  public void unknown(String expected) {
    try {
      problems.enter(name());
      problems.add(expected, "unknown property");
      problems.leave();
      parser().skipChildren();
    } catch (IOException e) {
      problems.malformed(message(e));
      done = true;
    }
  }

  /** Records a problem when the required property {@code property} was not sent. */
  public void require(String property, String expected) {
    if (!notAnObject && !problems.broken() && !wasSeen(property)) {
      problems.enter(property);
      problems.add(expected, "missing");
      problems.leave();
    }
  }

  /** Whether this object was read without problems (so its Java value may be built). */
  public boolean ok() {
    // Arguments that are no object had their problem before this reader started counting.
    return !notAnObject && problems.count() == problemsAtStart;
  }

  /** The problems of the whole call. */
  public Problems problems() {
    return problems;
  }

  /**
   * Ends reading a call's arguments: checks nothing follows the object, closes the parser, and
   * throws every problem found, if any.
   */
  public void finish() throws InvalidArgumentsException {
    if (parser != null) {
      try {
        if (!problems.broken() && parser.nextToken() != null) {
          problems.addAtRoot("end of input", Problems.describe(parser));
        }
      } catch (IOException e) {
        problems.malformed(message(e));
      } finally {
        try {
          parser.close();
        } catch (IOException ignored) {
          // Reading from a String: closing cannot fail in a way that matters.
        }
      }
    }
    if (problems.count() > 0) {
      throw new InvalidArgumentsException(problems.list());
    }
  }

  /** The parser of an object being walked: there is one while a property can be current. */
  private JsonParser parser() {
    return requireNonNull(parser, "no object to read");
  }

  private boolean wasSeen(String property) {
    for (int i = 0; i < seenCount; i++) {
      if (seen[i].equals(property)) {
        return true;
      }
    }
    return false;
  }

  private static String message(IOException e) {
    return e instanceof JsonProcessingException json
        ? "invalid JSON: " + json.getOriginalMessage()
        : "invalid JSON: " + e.getMessage();
  }
}
