package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.schema.EcmaRegex;
import dev.toolsmith.schema.Formats;
import dev.toolsmith.schema.ItemBounds;
import dev.toolsmith.schema.LengthBounds;
import dev.toolsmith.schema.NumberBounds;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Wraps a {@link ValueReader} with the checks of its schema's keywords (lengths, pattern, format,
 * bounds, multipleOf, item counts, uniqueness, allowed values), so the reader accepts exactly what
 * the schema allows.
 */
public final class Constraints {

  private Constraints() {}

  /**
   * {@code reader} of a JSON string whose text must have as many code points as {@code lengths}
   * allows, contain a match of {@code pattern} (empty for none) and be valid in {@code format}
   * (empty for none). The text is checked before {@code reader} converts it.
   */
  public static <T> ValueReader<T> string(
      ValueReader<T> reader, LengthBounds lengths, String pattern, String format) {
    requireNonNull(reader, "reader == null");
    int minLength = lengths.minLength();
    int maxLength = lengths.maxLength();
    Pattern regex = pattern.isEmpty() ? null : EcmaRegex.compile(pattern);
    String expected = stringText(minLength, maxLength, pattern, format);
    return (p, problems) -> {
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        return reader.read(p, problems); // the reader words the type problem
      }
      String text = p.getText();
      int length = text.codePointCount(0, text.length());
      if ((minLength >= 0 && length < minLength)
          || (maxLength >= 0 && length > maxLength)
          || (regex != null && !regex.matcher(text).find())
          || (!format.isEmpty() && !Formats.valid(format, text))) {
        problems.add(expected, '"' + Problems.shorten(text) + '"');
        return null;
      }
      return reader.read(p, problems);
    };
  }

  /**
   * {@code reader} of a JSON {@code type} ("integer" or "number") within {@code bounds}; the
   * number's exact decimal value is compared, so big numbers and fractions are checked exactly.
   */
  public static <T> ValueReader<T> number(ValueReader<T> reader, String type, NumberBounds bounds) {
    requireNonNull(reader, "reader == null");
    BigDecimal min = bounds.minimum();
    BigDecimal max = bounds.maximum();
    BigDecimal exMin = bounds.exclusiveMinimum();
    BigDecimal exMax = bounds.exclusiveMaximum();
    BigDecimal step = bounds.multipleOf();
    String expected = numberText(type, text(min), text(max), text(exMin), text(exMax), text(step));
    return (p, problems) -> {
      T value = reader.read(p, problems);
      if (value == null) {
        return null;
      }
      // The exact decimal as written (what the schema judges), then the value as the method
      // receives it: a double or float may round onto or past a bound (1e-400 is -0.0 for
      // @Negative, 999.99999999999999999 is 1000.0 below an exclusive 1000).
      BigDecimal number = p.getDecimalValue();
      if (outside(number, min, max, exMin, exMax)
          || (step != null && number.remainder(step).signum() != 0)) {
        problems.add(expected, Problems.shorten(p.getText()));
        return null;
      }
      if ((value instanceof Double || value instanceof Float)
          && number.compareTo(received(value)) != 0) {
        BigDecimal rounded = received(value);
        if (outside(rounded, min, max, exMin, exMax)) {
          problems.add(
              expected + " as a " + (value instanceof Double ? "double" : "float"),
              Problems.shorten(p.getText()) + " (rounds to " + value + ")");
          return null;
        }
      }
      return value;
    };
  }

  /**
   * {@code reader} of an array (read into a collection or Java array) with as many elements as
   * {@code bounds} allows, all distinct when it says {@code uniqueItems}.
   */
  public static <T> ValueReader<T> items(ValueReader<T> reader, ItemBounds bounds) {
    requireNonNull(reader, "reader == null");
    int minItems = bounds.minItems();
    int maxItems = bounds.maxItems();
    boolean unique = bounds.uniqueItems();
    String expected = itemsText(minItems, maxItems, unique);
    return (p, problems) -> {
      // uniqueItems is JSON equality ([0, -0.0], [1.0, 1.00], [[1], [1]] repeat), judged on the
      // JSON before reading, not by the Java values' equals
      T value =
          unique && p.currentToken() == JsonToken.START_ARRAY
              ? CanonicalJson.readDistinct(p, problems, reader, expected)
              : reader.read(p, problems);
      if (value == null) {
        return null;
      }
      Collection<?> elements = elements(value);
      int size = elements.size();
      if ((minItems >= 0 && size < minItems)
          || (maxItems >= 0 && size > maxItems)
          || (unique && new HashSet<>(elements).size() != size)) {
        problems.add(expected, "array of " + size + (unique ? " with duplicates" : ""));
        return null;
      }
      return value;
    };
  }

  /** {@code reader} of one of {@code allowed} (strings, numbers compared by value, booleans). */
  public static <T> ValueReader<T> allowed(ValueReader<T> reader, Object... allowed) {
    requireNonNull(reader, "reader == null");
    List<Object> values = List.of(allowed);
    String expected = "one of " + values;
    return (p, problems) -> {
      T value = reader.read(p, problems);
      if (value == null) {
        return null;
      }
      for (Object candidate : values) {
        if (candidate.equals(value)
            || (candidate instanceof Number
                && value instanceof Number
                && new BigDecimal(candidate.toString()).compareTo(new BigDecimal(value.toString()))
                    == 0)) {
          return value;
        }
      }
      problems.add(expected, Problems.shorten(p.getText()));
      return null;
    };
  }

  /** The value {@code json} reads as with {@code reader}: a property's default, parsed once. */
  public static <T> @Nullable T defaultValue(ValueReader<T> reader, String json) {
    requireNonNull(reader, "reader == null");
    try (var parser = ArgumentJson.FACTORY.createParser(json)) {
      parser.nextToken();
      Problems problems = new Problems();
      T value = reader.read(parser, problems);
      if (problems.count() > 0) {
        throw new IllegalStateException("invalid default " + json + ": " + problems.list());
      }
      return value;
    } catch (java.io.IOException e) {
      throw new IllegalStateException("invalid default " + json, e);
    }
  }

  /**
   * The elements as a view where one exists (no copy on the dispatch path); primitive arrays boxed.
   */
  private static Collection<?> elements(Object value) {
    if (value instanceof Collection<?> collection) {
      return collection;
    }
    if (value instanceof Map<?, ?> map) {
      return map.values();
    }
    if (value instanceof Object[] objects) {
      return Arrays.asList(objects);
    }
    List<Object> boxed = new ArrayList<>();
    if (value instanceof int[] ints) {
      Arrays.stream(ints).forEach(boxed::add);
    } else if (value instanceof long[] longs) {
      Arrays.stream(longs).forEach(boxed::add);
    } else if (value instanceof double[] doubles) {
      Arrays.stream(doubles).forEach(boxed::add);
    } else if (value instanceof boolean[] booleans) {
      for (boolean b : booleans) {
        boxed.add(b);
      }
    } else if (value instanceof float[] floats) {
      for (float f : floats) {
        boxed.add(f);
      }
    } else if (value instanceof short[] shorts) {
      for (short s : shorts) {
        boxed.add(s);
      }
    } else if (value instanceof byte[] bytes) {
      for (byte b : bytes) {
        boxed.add(b);
      }
    } else if (value instanceof char[] chars) {
      for (char c : chars) {
        boxed.add(c);
      }
    }
    return boxed;
  }

  private static boolean outside(
      BigDecimal number,
      @Nullable BigDecimal min,
      @Nullable BigDecimal max,
      @Nullable BigDecimal exMin,
      @Nullable BigDecimal exMax) {
    return (min != null && number.compareTo(min) < 0)
        || (max != null && number.compareTo(max) > 0)
        || (exMin != null && number.compareTo(exMin) <= 0)
        || (exMax != null && number.compareTo(exMax) >= 0);
  }

  /**
   * The exact value of a double or float the method receives, as the shortest decimal that reads
   * back as it (what a bound written in source as that decimal means), -0.0 as 0.
   */
  private static BigDecimal received(Object value) {
    return value instanceof Float f
        ? new BigDecimal(Float.toString(f))
        : BigDecimal.valueOf((Double) value);
  }

  private static @Nullable String text(@Nullable BigDecimal value) {
    return value == null ? null : NumberBounds.decimalText(value);
  }

  static String stringText(int minLength, int maxLength, String pattern, String format) {
    List<String> parts = new ArrayList<>();
    if (!format.isEmpty()) {
      parts.add("of format " + format);
    }
    if (minLength >= 0 && maxLength >= 0) {
      parts.add("of " + minLength + " to " + maxLength + " characters");
    } else if (minLength >= 0) {
      parts.add("of at least " + minLength + " characters");
    } else if (maxLength >= 0) {
      parts.add("of at most " + maxLength + " characters");
    }
    if (!pattern.isEmpty()) {
      parts.add("matching " + pattern);
    }
    return parts.isEmpty() ? "string" : "string " + String.join(", ", parts);
  }

  static String numberText(
      String type,
      @Nullable String minimum,
      @Nullable String maximum,
      @Nullable String exclusiveMinimum,
      @Nullable String exclusiveMaximum,
      @Nullable String multipleOf) {
    List<String> parts = new ArrayList<>();
    if (minimum != null && maximum != null) {
      parts.add("between " + minimum + " and " + maximum);
    } else if (minimum != null) {
      parts.add(">= " + minimum);
    }
    if (exclusiveMinimum != null) {
      parts.add("> " + exclusiveMinimum);
    }
    if (maximum != null && minimum == null) {
      parts.add("<= " + maximum);
    }
    if (exclusiveMaximum != null) {
      parts.add("< " + exclusiveMaximum);
    }
    if (multipleOf != null) {
      parts.add("multiple of " + multipleOf);
    }
    return parts.isEmpty() ? type : type + " " + String.join(", ", parts);
  }

  static String itemsText(int minItems, int maxItems, boolean unique) {
    List<String> parts = new ArrayList<>();
    if (minItems >= 0) {
      parts.add("at least " + minItems);
    }
    if (maxItems >= 0) {
      parts.add("at most " + maxItems);
    }
    String text = parts.isEmpty() ? "array" : "array of " + String.join(" and ", parts) + " items";
    return unique ? text + ", all distinct" : text;
  }
}
