package dev.toolsmith.runtime.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The factory the runtime writes its JSON text with (results, errors, definitions' wrappers, search
 * answers) and reads the text it is handed that is not a call's arguments (error objects, schemas
 * to check, search arguments); a call's arguments are read with the generated readers' own factory,
 * which bounds them. Also the value writer behind {@code ToolResults}.
 */
public final class JsonCore {

  /**
   * Thread-safe once configured. Its defaults keep non-ASCII characters as they are: only quotes,
   * backslashes and control characters are escaped.
   */
  public static final JsonFactory FACTORY = new JsonFactory();

  private JsonCore() {}

  /** What a generator writes into a string; the writer never does I/O, hence unchecked. */
  @FunctionalInterface
  public interface Body {
    void write(JsonGenerator generator) throws IOException;
  }

  /** Runs {@code body} on a fresh generator and returns the JSON text it wrote. */
  public static String write(Body body) {
    StringWriter out = new StringWriter(64);
    try (JsonGenerator generator = FACTORY.createGenerator(out)) {
      body.write(generator);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  /**
   * Why {@code text} is not one JSON object, or null when it is. A token walk, no tree: run once
   * per registration so a broken schema fails there and not in every later listing.
   */
  public static @Nullable String objectProblem(String text) {
    try (JsonParser parser = FACTORY.createParser(text)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return "not a JSON object";
      }
      parser.skipChildren();
      if (parser.nextToken() != null) {
        return "text after the JSON object";
      }
      return null;
    } catch (JsonProcessingException e) {
      return e.getOriginalMessage();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a string does not fail to read
    }
  }

  /**
   * Writes Maps (keys as strings), Collections, strings, numbers, booleans and null as JSON; any
   * other value as the string of its {@code toString()}.
   */
  public static void writeValue(JsonGenerator generator, @Nullable Object value)
      throws IOException {
    if (value == null) {
      generator.writeNull();
    } else if (value instanceof CharSequence) {
      generator.writeString(value.toString());
    } else if (value instanceof Boolean bool) {
      generator.writeBoolean(bool);
    } else if (value instanceof Number number) {
      writeNumber(generator, number);
    } else if (value instanceof Map<?, ?> map) {
      generator.writeStartObject();
      for (Map.Entry<?, ?> field : map.entrySet()) {
        generator.writeFieldName(String.valueOf(field.getKey()));
        writeValue(generator, field.getValue());
      }
      generator.writeEndObject();
    } else if (value instanceof Collection<?> values) { // not Iterable: a Path iterates over itself
      generator.writeStartArray();
      for (Object element : values) {
        writeValue(generator, element);
      }
      generator.writeEndArray();
    } else {
      generator.writeString(value.toString());
    }
  }

  private static void writeNumber(JsonGenerator generator, Number number) throws IOException {
    if (number instanceof Integer
        || number instanceof Long
        || number instanceof Short
        || number instanceof Byte) {
      generator.writeNumber(number.longValue());
    } else if (number instanceof Double || number instanceof Float) {
      generator.writeNumber(number.doubleValue()); // NaN and infinities come out quoted
    } else if (number instanceof BigDecimal decimal) {
      generator.writeNumber(decimal);
    } else if (number instanceof BigInteger integer) {
      generator.writeNumber(integer);
    } else {
      // AtomicLong, LongAdder and user types: their text is not guaranteed to be a JSON number
      generator.writeString(number.toString());
    }
  }
}
