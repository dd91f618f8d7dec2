package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Readers of the shapes beyond scalars and containers: enums with their own JSON values, the
 * primitive optionals and sealed interfaces told apart by a discriminator property.
 */
public final class Values {

  private Values() {}

  /** A JSON string naming one of {@code constants} by its JSON value ({@code json[ordinal]}). */
  public static <E extends Enum<E>> ValueReader<E> enumOf(E[] constants, String[] json) {
    requireNonNull(constants, "constants == null");
    requireNonNull(json, "json == null");
    String expected = "one of " + List.of(json);
    return in -> {
      JsonParser p = in.parser();
      if (p.currentToken() == JsonToken.VALUE_STRING) {
        String text = p.getText();
        for (int i = 0; i < json.length; i++) {
          if (json[i].equals(text)) {
            return constants[i];
          }
        }
      }
      return in.wrong(expected);
    };
  }

  /** {@code reader} as an {@link OptionalInt}; JSON null is empty. */
  public static ValueReader<OptionalInt> optionalInt(ValueReader<Integer> reader) {
    requireNonNull(reader, "reader == null");
    return in -> {
      if (in.isNull()) {
        return OptionalInt.empty();
      }
      Integer value = reader.read(in);
      return value == null ? null : OptionalInt.of(value);
    };
  }

  /** {@code reader} as an {@link OptionalLong}; JSON null is empty. */
  public static ValueReader<OptionalLong> optionalLong(ValueReader<Long> reader) {
    requireNonNull(reader, "reader == null");
    return in -> {
      if (in.isNull()) {
        return OptionalLong.empty();
      }
      Long value = reader.read(in);
      return value == null ? null : OptionalLong.of(value);
    };
  }

  /** {@code reader} as an {@link OptionalDouble}; JSON null is empty. */
  public static ValueReader<OptionalDouble> optionalDouble(ValueReader<Double> reader) {
    requireNonNull(reader, "reader == null");
    return in -> {
      if (in.isNull()) {
        return OptionalDouble.empty();
      }
      Double value = reader.read(in);
      return value == null ? null : OptionalDouble.of(value);
    };
  }

  /**
   * A JSON object of one of several records, chosen by the string value of property {@code
   * discriminator}: {@code readers[i]} reads the object whose discriminator is {@code values[i]}
   * (and must accept the discriminator property itself).
   */
  @SafeVarargs
  public static <T> ValueReader<T> union(
      String discriminator, String[] values, ValueReader<? extends T>... readers) {
    requireNonNull(discriminator, "discriminator == null");
    requireNonNull(values, "values == null");
    List<String> names = List.of(values);
    String expected = "one of " + names;
    return in -> {
      if (in.parser().currentToken() != JsonToken.START_OBJECT) {
        return in.wrong("object");
      }
      // Buffered as exact text (jackson-core only) so the discriminator may come anywhere in the
      // object; numbers keep their written digits.
      String text = CanonicalJson.copy(in.parser());
      String found = null;
      boolean present = false;
      try (JsonParser scan = ArgumentJson.ARGUMENTS.createParser(text)) {
        scan.nextToken();
        while (scan.nextToken() == JsonToken.FIELD_NAME) {
          String name = scan.currentName();
          scan.nextToken();
          if (name.equals(discriminator)) {
            if (present) {
              in.duplicate(name);
              return null;
            }
            present = true;
            found = scan.currentToken() == JsonToken.VALUE_STRING ? scan.getText() : null;
            if (found == null) {
              in.problemAt(discriminator, expected, Problems.describe(scan));
              return null;
            }
          }
          scan.skipChildren();
        }
      }
      int index = found == null ? -1 : names.indexOf(found);
      if (index < 0) {
        in.problemAt(
            discriminator, expected, present ? '"' + Problems.shorten(found) + '"' : "missing");
        return null;
      }
      return in.replay(text, readers[index]);
    };
  }

  /**
   * A JSON object whose property names are JSON values of {@code constants} ({@code
   * json[ordinal]}), read into a mutable map in the object's order.
   */
  public static <E extends Enum<E>, V> ValueReader<java.util.Map<E, V>> enumMap(
      E[] constants, String[] json, ValueReader<V> value) {
    requireNonNull(constants, "constants == null");
    requireNonNull(json, "json == null");
    requireNonNull(value, "value == null");
    List<String> names = List.of(json);
    String expected = "property name, one of " + names;
    return in -> {
      JsonParser p = in.parser();
      if (p.currentToken() != JsonToken.START_OBJECT) {
        return in.wrong("object");
      }
      int before = in.problemCount();
      java.util.LinkedHashMap<E, V> map = new java.util.LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        p.nextToken();
        int index = names.indexOf(key);
        if (index < 0) {
          in.problem(expected, "unknown property");
          p.skipChildren();
        } else if (map.containsKey(constants[index])) {
          in.duplicate(key);
          return null;
        } else {
          map.put(constants[index], value.read(in));
        }
        if (in.broken()) {
          return null;
        }
      }
      return in.problemCount() == before ? map : null;
    };
  }
}
