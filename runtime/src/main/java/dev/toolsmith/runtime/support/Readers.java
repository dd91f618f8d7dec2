package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/** The {@link ValueReader}s generated argument readers are composed of: scalars and containers. */
public final class Readers {

  private Readers() {}

  /** A JSON string. */
  public static final ValueReader<String> STRING = ArgumentReader::readString;

  /** A JSON boolean. */
  public static final ValueReader<Boolean> BOOLEAN =
      in -> boxed(in, in.problemCount(), in.readBoolean());

  /** A JSON integer in {@code int} range. */
  public static final ValueReader<Integer> INT = in -> boxed(in, in.problemCount(), in.readInt());

  /** A JSON integer in {@code long} range. */
  public static final ValueReader<Long> LONG = in -> boxed(in, in.problemCount(), in.readLong());

  /** A JSON integer in {@code short} range. */
  public static final ValueReader<Short> SHORT = in -> boxed(in, in.problemCount(), in.readShort());

  /** A JSON integer in {@code byte} range. */
  public static final ValueReader<Byte> BYTE = in -> boxed(in, in.problemCount(), in.readByte());

  /** A JSON number in {@code double} range. */
  public static final ValueReader<Double> DOUBLE =
      in -> boxed(in, in.problemCount(), in.readDouble());

  /** A JSON number in {@code float} range. */
  public static final ValueReader<Float> FLOAT = in -> boxed(in, in.problemCount(), in.readFloat());

  /** A JSON string of exactly one character. */
  public static final ValueReader<Character> CHAR =
      in -> boxed(in, in.problemCount(), in.readChar());

  /**
   * {@code value}, just read by {@code in}, boxed; null when reading it found a problem ({@code in}
   * had {@code before} problems when it started: arguments are evaluated left to right, so a call
   * {@code boxed(in, in.problemCount(), in.readInt())} counts before it reads).
   */
  private static <T> @Nullable T boxed(ArgumentReader in, int before, T value) {
    return in.problemCount() == before ? value : null;
  }

  /** An array of JSON integers as {@code int[]}. */
  public static final ValueReader<int[]> INT_ARRAY = primitiveArray(INT, PrimitiveArrays::ints);

  /** An array of JSON integers as {@code long[]}. */
  public static final ValueReader<long[]> LONG_ARRAY = primitiveArray(LONG, PrimitiveArrays::longs);

  /** An array of JSON numbers as {@code double[]}. */
  public static final ValueReader<double[]> DOUBLE_ARRAY =
      primitiveArray(DOUBLE, PrimitiveArrays::doubles);

  /** An array of JSON booleans as {@code boolean[]}. */
  public static final ValueReader<boolean[]> BOOLEAN_ARRAY =
      primitiveArray(BOOLEAN, PrimitiveArrays::booleans);

  /** An array of JSON numbers as {@code float[]}. */
  public static final ValueReader<float[]> FLOAT_ARRAY =
      primitiveArray(FLOAT, PrimitiveArrays::floats);

  /** An array of JSON integers as {@code short[]}. */
  public static final ValueReader<short[]> SHORT_ARRAY =
      primitiveArray(SHORT, PrimitiveArrays::shorts);

  /** An array of JSON integers as {@code byte[]}. */
  public static final ValueReader<byte[]> BYTE_ARRAY = primitiveArray(BYTE, PrimitiveArrays::bytes);

  /** An array of one-character JSON strings as {@code char[]}. */
  public static final ValueReader<char[]> CHAR_ARRAY = primitiveArray(CHAR, PrimitiveArrays::chars);

  /** Reads a list of {@code element}s and copies it into a primitive array; null on a problem. */
  private static <T, A> ValueReader<A> primitiveArray(
      ValueReader<T> element, Function<List<T>, A> toArray) {
    ValueReader<List<T>> list = list(element);
    return in -> {
      List<T> values = list.read(in);
      return values == null || values.contains(null) ? null : toArray.apply(values);
    };
  }

  /** {@code reader}, also accepting JSON null (read as null). */
  public static <T> ValueReader<T> nullable(ValueReader<T> reader) {
    requireNonNull(reader, "reader == null");
    return in -> in.isNull() ? null : reader.read(in);
  }

  /** {@code reader} wrapped in an {@link Optional}; JSON null is {@link Optional#empty()}. */
  public static <T> ValueReader<Optional<T>> optional(ValueReader<T> reader) {
    requireNonNull(reader, "reader == null");
    return in -> in.isNull() ? Optional.empty() : Optional.ofNullable(reader.read(in));
  }

  /**
   * {@code reader} of a number that must lie within [{@code minimum}, {@code maximum}]; NaN leaves
   * a side open. {@code type} ("integer" or "number") words the problem.
   */
  public static <T extends Number> ValueReader<T> bounded(
      ValueReader<T> reader, String type, double minimum, double maximum) {
    requireNonNull(reader, "reader == null");
    String expected = Numbers.boundsText(type, minimum, maximum);
    return in -> {
      T value = reader.read(in);
      if (value == null) {
        return null;
      }
      double number = value.doubleValue();
      if (number < minimum || number > maximum) {
        in.problem(expected, Problems.shorten(in.parser().getText()));
        return null;
      }
      return value;
    };
  }

  /** A JSON string naming one of {@code constants}. */
  public static <E extends Enum<E>> ValueReader<E> enumOf(E[] constants) {
    requireNonNull(constants, "constants == null");
    return in -> {
      JsonParser p = in.parser();
      if (p.currentToken() == JsonToken.VALUE_STRING) {
        String text = p.getText();
        for (E constant : constants) {
          if (constant.name().equals(text)) {
            return constant;
          }
        }
      }
      List<String> names = new ArrayList<>(constants.length);
      for (E constant : constants) {
        names.add(constant.name());
      }
      return in.wrong("one of " + names);
    };
  }

  /** A JSON array read into a mutable {@link List}. */
  public static <T> ValueReader<List<T>> list(ValueReader<T> element) {
    requireNonNull(element, "element == null");
    return in -> {
      ArrayList<T> list = new ArrayList<>();
      return readArray(in, element, list) ? list : null;
    };
  }

  /** A JSON array read into a {@link Collection} (a mutable list). */
  public static <T> ValueReader<Collection<T>> collection(ValueReader<T> element) {
    requireNonNull(element, "element == null");
    return in -> {
      ArrayList<T> list = new ArrayList<>();
      return readArray(in, element, list) ? list : null;
    };
  }

  /** A JSON array of distinct items read into a mutable {@link Set} keeping the array's order. */
  public static <T> ValueReader<Set<T>> set(ValueReader<T> element) {
    requireNonNull(element, "element == null");
    ValueReader<Set<T>> distinct =
        in -> {
          ArrayList<T> list = new ArrayList<>();
          return readArray(in, element, list) ? javaDistinct(list, in) : null;
        };
    // The schema says uniqueItems, which is JSON equality: checked on the JSON first.
    return in ->
        in.parser().currentToken() == JsonToken.START_ARRAY
            ? CanonicalJson.readDistinct(in, distinct, null)
            : distinct.read(in);
  }

  private static <T> @Nullable Set<T> javaDistinct(List<T> list, ArgumentReader in) {
    LinkedHashSet<T> set = new LinkedHashSet<>(list);
    if (set.size() != list.size()) {
      // JSON-distinct items that read as equal Java values: a duplicate is a problem, not
      // something to drop silently.
      in.problem("array of distinct items", "array with duplicates");
      return null;
    }
    return set;
  }

  /** A JSON array read into a Java array made by {@code newArray}. */
  public static <T> ValueReader<T[]> array(ValueReader<T> element, IntFunction<T[]> newArray) {
    requireNonNull(element, "element == null");
    requireNonNull(newArray, "newArray == null");
    return in -> {
      ArrayList<T> list = new ArrayList<>();
      return readArray(in, element, list) ? list.toArray(newArray.apply(list.size())) : null;
    };
  }

  /**
   * A JSON object read into a mutable {@link Map} from property name to value, in the object's
   * order.
   */
  public static <V> ValueReader<Map<String, V>> map(ValueReader<V> value) {
    requireNonNull(value, "value == null");
    return in -> {
      JsonParser p = in.parser();
      if (p.currentToken() != JsonToken.START_OBJECT) {
        return in.wrong("object");
      }
      int before = in.problemCount();
      LinkedHashMap<String, V> map = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        if (map.containsKey(key)) {
          in.duplicate(key);
          return null;
        }
        p.nextToken();
        map.put(key, value.read(in));
        if (in.broken()) {
          return null;
        }
      }
      return in.problemCount() == before ? map : null;
    };
  }

  /**
   * A JSON object read by a generated record reader, which walks it from its start with {@link
   * ArgumentReader#nextProperty}.
   */
  public static <T> ValueReader<T> object(ValueReader<T> recordReader) {
    requireNonNull(recordReader, "recordReader == null");
    return in ->
        in.parser().currentToken() == JsonToken.START_OBJECT
            ? recordReader.read(in)
            : in.wrong("object");
  }

  private static <T> boolean readArray(
      ArgumentReader in, ValueReader<T> element, Collection<T> into) throws IOException {
    JsonParser p = in.parser();
    if (p.currentToken() != JsonToken.START_ARRAY) {
      in.wrong("array");
      return false;
    }
    int before = in.problemCount();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() == null) {
        throw new IOException("unexpected end of input in array");
      }
      into.add(element.read(in));
      if (in.broken()) {
        return false; // the parser stopped mid-value (a repeated key): nothing after it is an item
      }
    }
    return in.problemCount() == before;
  }
}
