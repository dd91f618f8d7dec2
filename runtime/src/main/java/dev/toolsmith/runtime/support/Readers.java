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
  public static final ValueReader<String> STRING =
      (p, problems) ->
          p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : problems.wrong(p, "string");

  /** A JSON boolean. */
  public static final ValueReader<Boolean> BOOLEAN =
      (p, problems) -> {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
          return token == JsonToken.VALUE_TRUE;
        }
        return problems.wrong(p, "boolean");
      };

  /** A JSON integer in {@code int} range. */
  public static final ValueReader<Integer> INT =
      (p, problems) -> {
        Long value = Numbers.integral(p, problems, Integer.MIN_VALUE, Integer.MAX_VALUE);
        return value == null ? null : value.intValue();
      };

  /** A JSON integer in {@code long} range. */
  public static final ValueReader<Long> LONG =
      (p, problems) -> Numbers.integral(p, problems, Long.MIN_VALUE, Long.MAX_VALUE);

  /** A JSON integer in {@code short} range. */
  public static final ValueReader<Short> SHORT =
      (p, problems) -> {
        Long value = Numbers.integral(p, problems, Short.MIN_VALUE, Short.MAX_VALUE);
        return value == null ? null : value.shortValue();
      };

  /** A JSON integer in {@code byte} range. */
  public static final ValueReader<Byte> BYTE =
      (p, problems) -> {
        Long value = Numbers.integral(p, problems, Byte.MIN_VALUE, Byte.MAX_VALUE);
        return value == null ? null : value.byteValue();
      };

  /** A JSON number in {@code double} range. */
  public static final ValueReader<Double> DOUBLE = (p, problems) -> Numbers.real(p, problems, null);

  /** A JSON number in {@code float} range. */
  public static final ValueReader<Float> FLOAT =
      (p, problems) -> {
        Double value = Numbers.real(p, problems, Numbers.FLOAT_LIMIT);
        return value == null ? null : value.floatValue();
      };

  /** A JSON string of exactly one character. */
  public static final ValueReader<Character> CHAR =
      (p, problems) -> {
        if (p.currentToken() == JsonToken.VALUE_STRING && p.getTextLength() == 1) {
          return p.getText().charAt(0);
        }
        return problems.wrong(p, "string of one character");
      };

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
    return (p, problems) -> {
      List<T> values = list.read(p, problems);
      return values == null || values.contains(null) ? null : toArray.apply(values);
    };
  }

  /** {@code reader}, also accepting JSON null (read as null). */
  public static <T> ValueReader<T> nullable(ValueReader<T> reader) {
    requireNonNull(reader, "reader == null");
    return (p, problems) ->
        p.currentToken() == JsonToken.VALUE_NULL ? null : reader.read(p, problems);
  }

  /** {@code reader} wrapped in an {@link Optional}; JSON null is {@link Optional#empty()}. */
  public static <T> ValueReader<Optional<T>> optional(ValueReader<T> reader) {
    requireNonNull(reader, "reader == null");
    return (p, problems) ->
        p.currentToken() == JsonToken.VALUE_NULL
            ? Optional.empty()
            : Optional.ofNullable(reader.read(p, problems));
  }

  /**
   * {@code reader} of a number that must lie within [{@code minimum}, {@code maximum}]; NaN leaves
   * a side open. {@code type} ("integer" or "number") words the problem.
   */
  public static <T extends Number> ValueReader<T> bounded(
      ValueReader<T> reader, String type, double minimum, double maximum) {
    requireNonNull(reader, "reader == null");
    String expected = Numbers.boundsText(type, minimum, maximum);
    return (p, problems) -> {
      T value = reader.read(p, problems);
      if (value == null) {
        return null;
      }
      double number = value.doubleValue();
      if (number < minimum || number > maximum) {
        problems.add(expected, Problems.shorten(p.getText()));
        return null;
      }
      return value;
    };
  }

  /** A JSON string naming one of {@code constants}. */
  public static <E extends Enum<E>> ValueReader<E> enumOf(E[] constants) {
    requireNonNull(constants, "constants == null");
    return (p, problems) -> {
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
      return problems.wrong(p, "one of " + names);
    };
  }

  /** A JSON array read into a mutable {@link List}. */
  public static <T> ValueReader<List<T>> list(ValueReader<T> element) {
    requireNonNull(element, "element == null");
    return (p, problems) -> {
      ArrayList<T> list = new ArrayList<>();
      return readArray(p, problems, element, list) ? list : null;
    };
  }

  /** A JSON array read into a {@link Collection} (a mutable list). */
  public static <T> ValueReader<Collection<T>> collection(ValueReader<T> element) {
    requireNonNull(element, "element == null");
    return (p, problems) -> {
      ArrayList<T> list = new ArrayList<>();
      return readArray(p, problems, element, list) ? list : null;
    };
  }

  /** A JSON array of distinct items read into a mutable {@link Set} keeping the array's order. */
  public static <T> ValueReader<Set<T>> set(ValueReader<T> element) {
    requireNonNull(element, "element == null");
    ValueReader<Set<T>> distinct =
        (p, problems) -> {
          ArrayList<T> list = new ArrayList<>();
          return readArray(p, problems, element, list) ? javaDistinct(list, problems) : null;
        };
    // The schema says uniqueItems, which is JSON equality: checked on the JSON first.
    return (p, problems) ->
        p.currentToken() == JsonToken.START_ARRAY
            ? CanonicalJson.readDistinct(p, problems, distinct, null)
            : distinct.read(p, problems);
  }

  private static <T> @Nullable Set<T> javaDistinct(List<T> list, Problems problems) {
    LinkedHashSet<T> set = new LinkedHashSet<>(list);
    if (set.size() != list.size()) {
      // JSON-distinct items that read as equal Java values: a duplicate is a problem, not
      // something to drop silently.
      problems.add("array of distinct items", "array with duplicates");
      return null;
    }
    return set;
  }

  /** A JSON array read into a Java array made by {@code newArray}. */
  public static <T> ValueReader<T[]> array(ValueReader<T> element, IntFunction<T[]> newArray) {
    requireNonNull(element, "element == null");
    requireNonNull(newArray, "newArray == null");
    return (p, problems) -> {
      ArrayList<T> list = new ArrayList<>();
      return readArray(p, problems, element, list)
          ? list.toArray(newArray.apply(list.size()))
          : null;
    };
  }

  /**
   * A JSON object read into a mutable {@link Map} from property name to value, in the object's
   * order.
   */
  public static <V> ValueReader<Map<String, V>> map(ValueReader<V> value) {
    requireNonNull(value, "value == null");
    return (p, problems) -> {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        return problems.wrong(p, "object");
      }
      int before = problems.count();
      LinkedHashMap<String, V> map = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        if (map.containsKey(key)) {
          problems.duplicate(key);
          return null;
        }
        p.nextToken();
        problems.enter(key);
        map.put(key, value.read(p, problems));
        problems.leave();
        if (problems.broken()) {
          return null;
        }
      }
      return problems.count() == before ? map : null;
    };
  }

  /** A JSON object read by a generated record reader. */
  public static <T> ValueReader<T> object(Function<ObjectReader, T> recordReader) {
    requireNonNull(recordReader, "recordReader == null");
    return (p, problems) -> {
      ObjectReader in = ObjectReader.nested(p, problems);
      return in == null ? null : recordReader.apply(in);
    };
  }

  private static <T> boolean readArray(
      JsonParser p, Problems problems, ValueReader<T> element, Collection<T> into)
      throws IOException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      problems.wrong(p, "array");
      return false;
    }
    int before = problems.count();
    int index = 0;
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() == null) {
        throw new IOException("unexpected end of input in array");
      }
      problems.enter(index++);
      into.add(element.read(p, problems));
      problems.leave();
      if (problems.broken()) {
        return false; // the parser stopped mid-value (a repeated key): nothing after it is an item
      }
    }
    return problems.count() == before;
  }
}
