package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * One call's arguments being read: the streaming parser and the problems found so far. Generated
 * code walks each object with {@link #nextProperty}, reads each value into a typed local ({@link
 * #readString()}, {@link #readInt()}, ... or {@link #read} with a {@link ValueReader}), ends the
 * object with {@link #endObject} and the call with {@link #finish()}:
 *
 * <pre>{@code
 * ArgumentReader in = ArgumentReader.of(arguments);
 * String name = null;
 * int times = 0;
 * while (in.nextProperty(GREET)) {
 *   switch (in.property()) {
 *     case 0 -> name = in.readString();
 *     case 1 -> times = in.readInt();
 *   }
 * }
 * in.endArguments(GREET);
 * }</pre>
 *
 * <p>A value that breaks the schema is recorded, skipped and read as null (0, false); reading goes
 * on, so the model learns every problem at once, until {@link #finish()} throws them. Where a value
 * is comes from the parser, which tracks it anyway: a problem's JSON Pointer is built only when the
 * problem is recorded, and valid arguments cost this one object beyond the parse.
 */
public final class ArgumentReader {

  private static final JsonParser[] NO_PARSERS = {};
  private static final long[] NO_LONGS = {};

  private static final ObjectShape NO_PROPERTIES = ObjectShape.of();

  /** The parser of the value being read; null when there is no object to walk. */
  private @Nullable JsonParser parser;

  /** The parsers a {@link #replay} stepped out of, outermost first: where a replayed value is. */
  private JsonParser[] outer = NO_PARSERS;

  private int outerCount;

  // The object being walked: which property is current, the properties read so far as bits
  // (past 64 in seenPast64), and the problem count at its start. The objects around it keep theirs
  // in outerObjects, two longs each, made when an object is first met inside another.
  private int property = -1;
  private long seen;
  private long @Nullable [] seenPast64;
  private int problemsAtStart;
  private boolean walking;
  private int depth;
  private long[] outerObjects = NO_LONGS;
  private long @Nullable [] @Nullable [] outerPast64;

  private @Nullable Problems problems;
  private boolean broken;

  /** Arguments that are no object: their one problem is recorded, "missing" ones would be noise. */
  private boolean noObject;

  private ArgumentReader(@Nullable JsonParser parser) {
    this.parser = parser;
  }

  /**
   * A reader of a tool call's arguments, standing on the object's start. Blank text means {@code
   * {}}; a JSON string holding an object (double-encoded arguments) is read as that object;
   * anything else that is not an object is one problem at path "".
   */
  public static ArgumentReader of(@Nullable String argumentsJson) {
    ArgumentReader in = new ArgumentReader(null);
    if (argumentsJson == null || argumentsJson.isBlank()) {
      return in;
    }
    try {
      JsonParser parser = ArgumentJson.ARGUMENTS.createParser(argumentsJson);
      JsonToken first = parser.nextToken();
      if (first == JsonToken.VALUE_STRING) {
        String inner = parser.getText();
        if (parser.nextToken() != null) {
          in.notAnObject("end of input", Problems.describe(parser));
          parser.close();
          return in;
        }
        parser.close();
        if (inner.isBlank()) {
          return in;
        }
        parser = ArgumentJson.ARGUMENTS.createParser(inner);
        parser.nextToken();
      }
      if (parser.currentToken() != JsonToken.START_OBJECT) {
        in.notAnObject("object", Problems.describe(parser));
        parser.close();
        return in;
      }
      in.parser = parser;
    } catch (IOException e) {
      in.malformed(e);
      in.noObject = true;
    }
    return in;
  }

  /** A reader of the single JSON value {@code json} (a default value, a test's input). */
  static ArgumentReader value(String json) throws IOException {
    JsonParser parser = ArgumentJson.ARGUMENTS.createParser(json);
    parser.nextToken();
    return new ArgumentReader(parser);
  }

  /** The parser, standing on the first token of the value to read. */
  public JsonParser parser() {
    return requireNonNull(parser, "no object to read");
  }

  // ---- Objects ----

  /**
   * Moves to the next property of the object being walked that {@code shape} knows, recording and
   * skipping unknown ones, and stands on its value ({@link #property()} says which); false at the
   * end of the object, or once the JSON is broken. A property sent twice is invalid JSON, and ends
   * reading. Called on an object's start, it begins walking that object: an object inside another
   * is walked to its end before the outer one goes on.
   */
  public boolean nextProperty(ObjectShape shape) {
    JsonParser p = parser;
    if (p == null || broken) {
      return false;
    }
    if (p.currentToken() == JsonToken.START_OBJECT) {
      beginObject();
    }
    int index = nextKnown(shape);
    if (index < 0) {
      return false;
    }
    if (wasSeen(index)) {
      duplicate(shape.name(index));
      return false;
    }
    markSeen(index, shape);
    property = index;
    return true;
  }

  /** The index in its shape of the property {@link #nextProperty} stands on. */
  public int property() {
    return property;
  }

  /**
   * Ends the object just walked: records each required property of {@code shape} that was not sent
   * as missing; whether the object was read without a problem (so that its Java value may be
   * built).
   */
  public boolean endObject(ObjectShape shape) {
    if (noObject || broken) {
      return false; // reading has ended: nothing is built, no more is said
    }
    for (int index : shape.required()) {
      if (!wasSeen(index)) {
        missing(shape, index);
      }
    }
    boolean clean = problemCount() == problemsAtStart;
    endWalk();
    return clean;
  }

  /**
   * Ends a call's arguments object for a tool that takes none: each property sent is unknown.
   *
   * @throws InvalidArgumentsException with every problem found, if any
   */
  public void endArguments() throws InvalidArgumentsException {
    nextProperty(NO_PROPERTIES); // records every property as unknown
    endArguments(NO_PROPERTIES);
  }

  /**
   * Ends a call's arguments object, read with {@code shape}: {@link #endObject}, then {@link
   * #finish()}.
   *
   * @throws InvalidArgumentsException with every problem found, if any
   */
  public void endArguments(ObjectShape shape) throws InvalidArgumentsException {
    endObject(shape);
    finish();
  }

  /**
   * Ends reading a call's arguments: checks nothing follows the object, closes the parser, and
   * throws every problem found, if any.
   *
   * @throws InvalidArgumentsException with every problem found, if any
   */
  public void finish() throws InvalidArgumentsException {
    JsonParser parser = this.parser;
    if (parser != null) {
      try {
        if (!broken && parser.nextToken() != null) {
          problemAtRoot("end of input", Problems.describe(parser));
        }
      } catch (IOException e) {
        malformed(e);
      } finally {
        try {
          parser.close();
        } catch (IOException ignored) {
          // Reading from a String: closing cannot fail in a way that matters.
        }
      }
    }
    if (problems != null) {
      throw new InvalidArgumentsException(problems.list());
    }
  }

  /** How many problems were found so far. */
  public int problemCount() {
    return problems == null ? 0 : problems.count();
  }

  // ---- Values ----

  /** Reads the current value with {@code reader}; null when it has a problem. */
  public <T> @Nullable T read(ValueReader<T> reader) {
    try {
      return reader.read(this);
    } catch (IOException e) {
      malformed(e);
      return null;
    }
  }

  /** Whether the current value is JSON null. */
  public boolean isNull() {
    return parser().currentToken() == JsonToken.VALUE_NULL;
  }

  /** A JSON string; null when the value is none. */
  public @Nullable String readString() {
    JsonParser p = parser();
    try {
      return p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : wrong("string");
    } catch (IOException e) {
      malformed(e);
      return null;
    }
  }

  /** A JSON boolean; false when the value is none. */
  public boolean readBoolean() {
    JsonToken token = parser().currentToken();
    if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
      return token == JsonToken.VALUE_TRUE;
    }
    skipWrong("boolean");
    return false;
  }

  /** A JSON string of exactly one character; 0 when the value is none. */
  public char readChar() {
    JsonParser p = parser();
    try {
      if (p.currentToken() == JsonToken.VALUE_STRING && p.getTextLength() == 1) {
        return p.getText().charAt(0);
      }
    } catch (IOException e) {
      malformed(e);
      return 0;
    }
    skipWrong("string of one character");
    return 0;
  }

  /** A JSON integer in {@code int} range; 0 when the value is none. */
  public int readInt() {
    return (int) integral(Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  /** {@link #readInt()} that {@code check} also accepts. */
  public int readInt(NumberCheck check) {
    int before = problemCount();
    return (int) check.integral(this, integral(Integer.MIN_VALUE, Integer.MAX_VALUE), before);
  }

  /** A JSON integer in {@code long} range; 0 when the value is none. */
  public long readLong() {
    return integral(Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /** {@link #readLong()} that {@code check} also accepts. */
  public long readLong(NumberCheck check) {
    int before = problemCount();
    return check.integral(this, integral(Long.MIN_VALUE, Long.MAX_VALUE), before);
  }

  /** A JSON integer in {@code short} range; 0 when the value is none. */
  public short readShort() {
    return (short) integral(Short.MIN_VALUE, Short.MAX_VALUE);
  }

  /** {@link #readShort()} that {@code check} also accepts. */
  public short readShort(NumberCheck check) {
    int before = problemCount();
    return (short) check.integral(this, integral(Short.MIN_VALUE, Short.MAX_VALUE), before);
  }

  /** A JSON integer in {@code byte} range; 0 when the value is none. */
  public byte readByte() {
    return (byte) integral(Byte.MIN_VALUE, Byte.MAX_VALUE);
  }

  /** {@link #readByte()} that {@code check} also accepts. */
  public byte readByte(NumberCheck check) {
    int before = problemCount();
    return (byte) check.integral(this, integral(Byte.MIN_VALUE, Byte.MAX_VALUE), before);
  }

  /** A JSON number in {@code double} range; 0 when the value is none. */
  public double readDouble() {
    return real(null);
  }

  /** {@link #readDouble()} that {@code check} also accepts. */
  public double readDouble(NumberCheck check) {
    int before = problemCount();
    return check.real(this, real(null), before, false);
  }

  /** A JSON number in {@code float} range; 0 when the value is none. */
  public float readFloat() {
    return (float) real(Numbers.FLOAT_LIMIT);
  }

  /** {@link #readFloat()} that {@code check} also accepts. */
  public float readFloat(NumberCheck check) {
    int before = problemCount();
    return (float) check.real(this, real(Numbers.FLOAT_LIMIT), before, true);
  }

  // The unchecked reads name no NumberCheck: a signature with a class not loaded yet keeps the JIT
  // from inlining a method, and most tools have no number check.

  private long integral(long min, long max) {
    try {
      return Numbers.integral(this, min, max);
    } catch (IOException e) {
      malformed(e);
      return 0;
    }
  }

  private double real(@Nullable BigDecimal limit) {
    try {
      return Numbers.real(this, limit);
    } catch (IOException e) {
      malformed(e);
      return 0;
    }
  }

  // ---- Problems, for readers ----

  /**
   * Records that the current value is not what {@code expected} says, skips it, and returns null so
   * a reader can {@code return in.wrong(...)}.
   */
  @SuppressWarnings("TypeParameterUnusedInFormals") // null is a T for every T: no cast is hidden
  public <T> @Nullable T wrong(String expected) throws IOException {
    JsonParser p = parser();
    problem(expected, Problems.describe(p));
    p.skipChildren();
    return null;
  }

  /** Records a problem with the current value. */
  public void problem(String expected, String got) {
    add(pointer(), expected, got);
  }

  /** Records a problem with property {@code name} of the object that was just read. */
  void problemAt(String name, String expected, String got) {
    add(pointer() + '/' + Problems.escape(name), expected, got);
  }

  /** Records a problem with the whole arguments. */
  void problemAtRoot(String expected, String got) {
    add("", expected, got);
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
  void malformed(IOException e) {
    malformed(
        e instanceof JsonProcessingException json
            ? "invalid JSON: " + json.getOriginalMessage()
            : "invalid JSON: " + e.getMessage());
  }

  private void malformed(String detail) {
    if (!broken) {
      broken = true;
      problemAtRoot("valid JSON", Problems.shorten(detail));
    }
  }

  /**
   * Reads {@code json}, a copy of the current value, with {@code reader}: problems inside it are
   * placed where the copied value is. The parser is left where it was, on the value's last token.
   */
  <T> @Nullable T replay(String json, ValueReader<T> reader) throws IOException {
    if (outerCount == outer.length) {
      outer = Arrays.copyOf(outer, Math.max(4, outerCount * 2));
    }
    outer[outerCount++] = parser();
    try (JsonParser replay = ArgumentJson.ARGUMENTS.createParser(json)) {
      replay.nextToken();
      parser = replay;
      return reader.read(this);
    } finally {
      parser = outer[--outerCount];
    }
  }

  private int nextKnown(ObjectShape shape) {
    JsonParser p = parser;
    if (p == null || broken) {
      return -1;
    }
    try {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        int index = shape.indexOf(name);
        if (index >= 0) {
          return index;
        }
        if (!shape.isDiscriminator(name)) {
          problem(shape.known(), "unknown property");
        }
        p.skipChildren();
      }
    } catch (IOException e) {
      malformed(e);
    }
    return -1;
  }

  /** Begins walking the object at the parser, inside the one being walked if there is one. */
  private void beginObject() {
    if (walking) {
      int slot = 2 * depth;
      if (slot == outerObjects.length) {
        outerObjects = Arrays.copyOf(outerObjects, Math.max(8, 2 * outerObjects.length));
      }
      outerObjects[slot] = seen;
      outerObjects[slot + 1] = problemsAtStart;
      if (seenPast64 != null || outerPast64 != null) {
        if (outerPast64 == null || depth >= outerPast64.length) {
          outerPast64 =
              Arrays.copyOf(
                  outerPast64 == null ? new long[0][] : outerPast64, outerObjects.length / 2);
        }
        outerPast64[depth] = seenPast64;
      }
      depth++;
    }
    walking = true;
    seen = 0;
    seenPast64 = null;
    problemsAtStart = problemCount();
  }

  /** Ends walking the current object: the one around it, if any, goes on. */
  private void endWalk() {
    if (depth == 0) {
      walking = false;
      return;
    }
    depth--;
    seen = outerObjects[2 * depth];
    problemsAtStart = (int) outerObjects[2 * depth + 1];
    seenPast64 = outerPast64 == null ? null : outerPast64[depth];
  }

  private boolean wasSeen(int index) {
    if (index < 64) {
      return (seen & (1L << index)) != 0;
    }
    long[] past64 = seenPast64;
    return past64 != null && (past64[(index - 64) >> 6] & (1L << index)) != 0;
  }

  private void markSeen(int index, ObjectShape shape) {
    if (index < 64) {
      seen |= 1L << index;
    } else {
      long[] past64 = seenPast64;
      if (past64 == null) {
        past64 = new long[(shape.size() - 1) >> 6];
        seenPast64 = past64;
      }
      past64[(index - 64) >> 6] |= 1L << index;
    }
  }

  private void missing(ObjectShape shape, int index) {
    problemAt(shape.name(index), shape.expected(index), "missing");
  }

  private void notAnObject(String expected, String got) {
    problemAtRoot(expected, got);
    noObject = true;
  }

  private void skipWrong(String expected) {
    try {
      wrong(expected);
    } catch (IOException e) {
      malformed(e);
    }
  }

  private void add(String path, String expected, String got) {
    if (problems == null) {
      problems = new Problems();
    }
    problems.add(path, expected, got);
  }

  /** Where the current value is, as a JSON Pointer ({@code /shape/points/0/x}). */
  private String pointer() {
    return Problems.pointer(outer, outerCount, parser);
  }
}
