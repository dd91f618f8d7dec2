package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The {@link ValueWriter}s generated result writers are composed of: scalars and containers. */
public final class Writers {

  private Writers() {}

  /** Writes {@code value} with {@code writer}, or JSON null when it is null. */
  public static <T> void value(JsonGenerator g, ValueWriter<? super T> writer, @Nullable T value)
      throws IOException {
    if (value == null) {
      g.writeNull();
    } else {
      writer.write(g, value);
    }
  }

  /** A string. */
  public static final ValueWriter<String> STRING = JsonGenerator::writeString;

  /** A boolean. */
  public static final ValueWriter<Boolean> BOOLEAN = JsonGenerator::writeBoolean;

  /** An int, long, short or byte. */
  public static final ValueWriter<Number> INTEGER = (g, v) -> g.writeNumber(v.longValue());

  /** A double. */
  public static final ValueWriter<Double> DOUBLE = JsonGenerator::writeNumber;

  /** A float. */
  public static final ValueWriter<Float> FLOAT = JsonGenerator::writeNumber;

  /** A char, as a one-character string. */
  public static final ValueWriter<Character> CHAR = (g, v) -> g.writeString(String.valueOf(v));

  /** An enum constant, as its name. */
  public static final ValueWriter<Enum<?>> ENUM = (g, v) -> g.writeString(v.name());

  /** An {@code int[]}. */
  public static final ValueWriter<int[]> INT_ARRAY = (g, v) -> g.writeArray(v, 0, v.length);

  /** A {@code long[]}. */
  public static final ValueWriter<long[]> LONG_ARRAY = (g, v) -> g.writeArray(v, 0, v.length);

  /** A {@code double[]}. */
  public static final ValueWriter<double[]> DOUBLE_ARRAY = (g, v) -> g.writeArray(v, 0, v.length);

  /** A {@code boolean[]}. */
  public static final ValueWriter<boolean[]> BOOLEAN_ARRAY =
      (g, v) -> {
        g.writeStartArray(v, v.length);
        for (boolean b : v) {
          g.writeBoolean(b);
        }
        g.writeEndArray();
      };

  /** A {@code float[]}. */
  public static final ValueWriter<float[]> FLOAT_ARRAY =
      (g, v) -> {
        g.writeStartArray(v, v.length);
        for (float f : v) {
          g.writeNumber(f);
        }
        g.writeEndArray();
      };

  /** A {@code short[]}. */
  public static final ValueWriter<short[]> SHORT_ARRAY =
      (g, v) -> {
        g.writeStartArray(v, v.length);
        for (short s : v) {
          g.writeNumber(s);
        }
        g.writeEndArray();
      };

  /** A {@code byte[]}, as an array of numbers (not base64: the model reads numbers). */
  public static final ValueWriter<byte[]> BYTE_ARRAY =
      (g, v) -> {
        g.writeStartArray(v, v.length);
        for (byte b : v) {
          g.writeNumber(b);
        }
        g.writeEndArray();
      };

  /** A {@code char[]}, as an array of one-character strings. */
  public static final ValueWriter<char[]> CHAR_ARRAY =
      (g, v) -> {
        g.writeStartArray(v, v.length);
        for (char c : v) {
          g.writeString(String.valueOf(c));
        }
        g.writeEndArray();
      };

  /** A {@link java.math.BigDecimal}, exactly. */
  public static final ValueWriter<java.math.BigDecimal> BIG_DECIMAL = JsonGenerator::writeNumber;

  /** A {@link java.math.BigInteger}, exactly. */
  public static final ValueWriter<java.math.BigInteger> BIG_INTEGER = JsonGenerator::writeNumber;

  /**
   * A value written as the string of its {@code toString()}: UUID, URI, and java.time values whose
   * {@code toString()} is the form their reader reads (LocalDate, Instant, Duration).
   */
  public static final ValueWriter<Object> TEXT = (g, v) -> g.writeString(v.toString());

  // toString() of the types below leaves out zero seconds, and ZonedDateTime's adds a zone id:
  // forms their readers refuse. These write what the readers read, so a result can go back in.

  /** A {@link java.time.LocalTime}, seconds always: {@code 10:00:00}. */
  public static final ValueWriter<TemporalAccessor> LOCAL_TIME =
      (g, v) -> g.writeString(DateTimeFormatter.ISO_LOCAL_TIME.format(v));

  /** A {@link java.time.LocalDateTime}, seconds always: {@code 2026-06-02T10:00:00}. */
  public static final ValueWriter<TemporalAccessor> LOCAL_DATE_TIME =
      (g, v) -> g.writeString(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(v));

  /**
   * An {@link java.time.OffsetDateTime} or {@link java.time.ZonedDateTime} as an RFC 3339
   * date-time, seconds always, with its offset and without a zone id: {@code
   * 2026-06-02T10:00:00+02:00}. JSON Schema's {@code date-time} has no zone id, so that is the one
   * form both directions use.
   */
  public static final ValueWriter<TemporalAccessor> DATE_TIME =
      (g, v) -> g.writeString(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(v));

  /** An {@link java.util.OptionalInt}: its value, or null when empty. */
  public static final ValueWriter<java.util.OptionalInt> OPTIONAL_INT =
      (g, v) -> {
        if (v.isPresent()) {
          g.writeNumber(v.getAsInt());
        } else {
          g.writeNull();
        }
      };

  /** An {@link java.util.OptionalLong}: its value, or null when empty. */
  public static final ValueWriter<java.util.OptionalLong> OPTIONAL_LONG =
      (g, v) -> {
        if (v.isPresent()) {
          g.writeNumber(v.getAsLong());
        } else {
          g.writeNull();
        }
      };

  /** An {@link java.util.OptionalDouble}: its value, or null when empty. */
  public static final ValueWriter<java.util.OptionalDouble> OPTIONAL_DOUBLE =
      (g, v) -> {
        if (v.isPresent()) {
          g.writeNumber(v.getAsDouble());
        } else {
          g.writeNull();
        }
      };

  /** An enum constant as its JSON value {@code json[ordinal]}. */
  @SuppressWarnings("EnumOrdinal") // the processor writes json in the constants' declaration order
  public static ValueWriter<Enum<?>> enumOf(String[] json) {
    requireNonNull(json, "json == null");
    return (g, v) -> g.writeString(json[v.ordinal()]);
  }

  /** A list, set or other iterable, as an array. */
  public static <T> ValueWriter<Iterable<? extends T>> iterable(ValueWriter<? super T> element) {
    requireNonNull(element, "element == null");
    return (g, values) -> {
      g.writeStartArray();
      for (T value : values) {
        value(g, element, value);
      }
      g.writeEndArray();
    };
  }

  /** An object array, as an array. */
  public static <T> ValueWriter<T[]> array(ValueWriter<? super T> element) {
    requireNonNull(element, "element == null");
    return (g, values) -> {
      g.writeStartArray(values, values.length);
      for (T value : values) {
        value(g, element, value);
      }
      g.writeEndArray();
    };
  }

  /** A map with string keys, as an object. */
  public static <V> ValueWriter<Map<String, ? extends V>> map(ValueWriter<? super V> value) {
    requireNonNull(value, "value == null");
    return (g, map) -> {
      g.writeStartObject(map);
      for (Map.Entry<String, ? extends V> entry : map.entrySet()) {
        g.writeFieldName(String.valueOf(entry.getKey()));
        value(g, value, entry.getValue());
      }
      g.writeEndObject();
    };
  }

  /** An optional: its value, or null when empty. */
  public static <T> ValueWriter<Optional<? extends T>> optional(ValueWriter<? super T> value) {
    requireNonNull(value, "value == null");
    return (g, optional) -> value(g, value, optional.orElse(null));
  }

  /** A map with enum keys, as an object named by the keys' JSON values {@code json[ordinal]}. */
  @SuppressWarnings("EnumOrdinal") // the processor writes json in the constants' declaration order
  public static <V> ValueWriter<Map<? extends Enum<?>, ? extends V>> enumMap(
      String[] json, ValueWriter<? super V> value) {
    requireNonNull(json, "json == null");
    requireNonNull(value, "value == null");
    return (g, map) -> {
      g.writeStartObject(map);
      for (Map.Entry<? extends Enum<?>, ? extends V> entry : map.entrySet()) {
        g.writeFieldName(json[entry.getKey().ordinal()]);
        value(g, value, entry.getValue());
      }
      g.writeEndObject();
    };
  }
}
