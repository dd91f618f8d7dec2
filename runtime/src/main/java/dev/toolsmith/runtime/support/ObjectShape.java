package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The properties of one JSON object as a generated reader knows them (name, reader, required or the
 * value when absent), read in one loop: generated code states a shape as data instead of repeating
 * the loop, the dispatch on names and the required checks for every tool and record.
 */
public final class ObjectShape {

  private final String[] names;
  private final ValueReader<?>[] readers;

  /** For each property: what its "missing" problem expects, or null when it may be left out. */
  private final @Nullable String[] required;

  private final @Nullable Object[] absent;
  // Null when the object is no union variant: "" is a property name like any other.
  private final @Nullable String discriminator;
  private final String known;

  private ObjectShape(@Nullable String discriminator, Property[] properties) {
    int count = properties.length;
    this.names = new String[count];
    this.readers = new ValueReader<?>[count];
    this.required = new String[count];
    this.absent = new Object[count];
    List<String> known = new ArrayList<>(count + 1);
    if (discriminator != null) {
      known.add(discriminator);
    }
    for (int i = 0; i < count; i++) {
      Property property = requireNonNull(properties[i], "properties contains null");
      names[i] = property.name;
      readers[i] = property.reader;
      required[i] = property.expected;
      absent[i] = property.absent;
      known.add(property.name);
    }
    this.discriminator = discriminator;
    this.known = known.isEmpty() ? "no properties" : "one of " + known;
  }

  /** An object with {@code properties}, in the order the generated code reads their values. */
  public static ObjectShape of(Property... properties) {
    return new ObjectShape(null, properties);
  }

  /**
   * A union variant's object: {@code properties}, and its {@code discriminator}, accepted and
   * skipped (the union's reader has checked it already).
   */
  public static ObjectShape variant(String discriminator, Property... properties) {
    return new ObjectShape(requireNonNull(discriminator, "discriminator == null"), properties);
  }

  /** A property that must be sent; {@code expected} says what, in its "missing" problem. */
  public static Property required(String name, ValueReader<?> reader, String expected) {
    return new Property(name, reader, requireNonNull(expected, "expected == null"), null);
  }

  /** A property that may be left out, null then. */
  public static Property optional(String name, ValueReader<?> reader) {
    return new Property(name, reader, null, null);
  }

  /** A property that may be left out, {@code absent} then (an empty {@code Optional}). */
  public static Property optional(String name, ValueReader<?> reader, Object absent) {
    return new Property(name, reader, null, absent);
  }

  /**
   * Reads a tool call's arguments: the values in property order, each null (or its absent value)
   * when not sent.
   *
   * @throws InvalidArgumentsException with every problem found, if any
   */
  public @Nullable Object[] arguments(String argumentsJson) throws InvalidArgumentsException {
    ObjectReader in = ObjectReader.arguments(argumentsJson);
    Object[] values = read(in);
    in.finish();
    return values;
  }

  /**
   * Reads the properties of the object {@code in} walks, recording problems in it; the values in
   * property order.
   */
  public @Nullable Object[] read(ObjectReader in) {
    Object[] values = absent.clone();
    // The properties read so far, as bits (an array past 64): a repeated one is an error.
    long seen = 0;
    boolean[] seenPast64 = null;
    while (in.nextProperty()) {
      int index = indexOf(in.name());
      if (index >= 0) {
        boolean repeated;
        if (index < 64) {
          repeated = (seen & (1L << index)) != 0;
          seen |= 1L << index;
        } else {
          seenPast64 = seenPast64 != null ? seenPast64 : new boolean[names.length];
          repeated = seenPast64[index];
          seenPast64[index] = true;
        }
        if (repeated) {
          in.duplicate();
          break;
        }
        values[index] = in.read(readers[index]);
      } else if (discriminator != null && in.name().equals(discriminator)) {
        in.skip();
      } else {
        in.unknown(known);
      }
    }
    for (int i = 0; i < names.length; i++) {
      if (required[i] != null) {
        in.require(names[i], required[i]);
      }
    }
    return values;
  }

  private int indexOf(String name) {
    // Objects have few properties: comparing names beats hashing them.
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** One property of a shape; made by {@link #required} and {@link #optional}. */
  public static final class Property {
    private final String name;
    private final ValueReader<?> reader;
    private final @Nullable String expected;
    private final @Nullable Object absent;

    private Property(
        String name, ValueReader<?> reader, @Nullable String expected, @Nullable Object absent) {
      this.name = requireNonNull(name, "name == null");
      this.reader = requireNonNull(reader, "reader == null");
      this.expected = expected;
      this.absent = absent;
    }
  }
}
