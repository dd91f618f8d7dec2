package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
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
    return in -> {
      JsonParser p = in.parser();
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        return reader.read(in); // the reader words the type problem
      }
      String text = p.getText();
      int length = text.codePointCount(0, text.length());
      if ((minLength >= 0 && length < minLength)
          || (maxLength >= 0 && length > maxLength)
          || (regex != null && !regex.matcher(text).find())
          || (!format.isEmpty() && !Formats.valid(format, text))) {
        in.problem(
            expected,
            format.isEmpty() ? '"' + Problems.shorten(text) + '"' : Problems.gotText(text));
        return null;
      }
      return reader.read(in);
    };
  }

  /**
   * {@code reader} of a JSON {@code type} ("integer" or "number") within {@code bounds}; the
   * number's exact decimal value is compared, so big numbers and fractions are checked exactly.
   */
  public static <T> ValueReader<T> number(ValueReader<T> reader, String type, NumberBounds bounds) {
    requireNonNull(reader, "reader == null");
    NumberCheck check = number(type, bounds);
    return in -> {
      T value = reader.read(in);
      return value == null || check.accepts(in, value) ? value : null;
    };
  }

  /**
   * The check of a JSON {@code type} ("integer" or "number") within {@code bounds}, for a primitive
   * read ({@link ArgumentReader#readInt(NumberCheck)}, ...).
   */
  public static NumberCheck number(String type, NumberBounds bounds) {
    return NumberCheck.of(requireNonNull(type, "type == null"), bounds);
  }

  /** {@code check}, and the number must be one of {@code allowed}, compared by value. */
  public static NumberCheck allowed(NumberCheck check, BigDecimal... allowed) {
    return check.allowing(List.of(allowed));
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
    return in -> {
      // uniqueItems is JSON equality ([0, -0.0], [1.0, 1.00], [[1], [1]] repeat), judged on the
      // JSON before reading, not by the Java values' equals
      T value =
          unique && in.parser().currentToken() == JsonToken.START_ARRAY
              ? CanonicalJson.readDistinct(in, reader, expected)
              : reader.read(in);
      if (value == null) {
        return null;
      }
      Collection<?> elements = elements(value);
      int size = elements.size();
      if ((minItems >= 0 && size < minItems)
          || (maxItems >= 0 && size > maxItems)
          || (unique && new HashSet<>(elements).size() != size)) {
        in.problem(expected, "array of " + size + (unique ? " with duplicates" : ""));
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
    return in -> {
      T value = reader.read(in);
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
      in.problem(expected, Problems.shorten(in.parser().getText()));
      return null;
    };
  }

  /** The value {@code json} reads as with {@code reader}: a property's default, parsed once. */
  public static <T> @Nullable T defaultValue(ValueReader<T> reader, String json) {
    requireNonNull(reader, "reader == null");
    try {
      ArgumentReader in = ArgumentReader.value(json);
      T value = in.read(reader);
      in.finish();
      return value;
    } catch (InvalidArgumentsException e) {
      throw new IllegalStateException("invalid default " + json + ": " + e.problems(), e);
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
