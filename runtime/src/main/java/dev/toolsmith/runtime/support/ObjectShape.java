package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The properties of one JSON object as generated code reads it: their names in the order of the
 * indexes {@link ArgumentReader#nextProperty} answers with, which ones must be sent, and what a
 * missing one is expected to be. Stated once per object type as a constant.
 */
public final class ObjectShape {

  private final String[] names;

  /** For each property: what its "missing" problem expects, or null when it may be left out. */
  private final @Nullable String[] expected;

  private final int[] required;

  // Null when the object is no union variant: "" is a property name like any other.
  private final @Nullable String discriminator;
  private final String known;

  private ObjectShape(@Nullable String discriminator, Property[] properties) {
    int count = properties.length;
    this.names = new String[count];
    this.expected = new String[count];
    List<String> known = new ArrayList<>(count + 1);
    if (discriminator != null) {
      known.add(discriminator);
    }
    int requiredCount = 0;
    for (int i = 0; i < count; i++) {
      Property property = requireNonNull(properties[i], "properties contains null");
      names[i] = property.name;
      expected[i] = property.expected;
      known.add(property.name);
      requiredCount += property.expected == null ? 0 : 1;
    }
    this.required = new int[requiredCount];
    for (int i = 0, r = 0; i < count; i++) {
      if (expected[i] != null) {
        required[r++] = i;
      }
    }
    this.discriminator = discriminator;
    this.known = known.isEmpty() ? "no properties" : "one of " + known;
  }

  /** An object with {@code properties}, indexed in this order. */
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
  public static Property required(String name, String expected) {
    return new Property(name, requireNonNull(expected, "expected == null"));
  }

  /** A property that may be left out. */
  public static Property optional(String name) {
    return new Property(name, null);
  }

  /** How many properties the object has. */
  int size() {
    return names.length;
  }

  /** The index of property {@code name}, or -1 when the object has none of that name. */
  int indexOf(String name) {
    // Objects have few properties and the parser interns names: comparing beats hashing.
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  String name(int index) {
    return names[index];
  }

  /** What the required property {@code index} is expected to be. */
  String expected(int index) {
    return requireNonNull(expected[index], "not required");
  }

  /** The indexes of the required properties, ascending. */
  int[] required() {
    return required;
  }

  boolean isDiscriminator(String name) {
    return name.equals(discriminator);
  }

  /** The properties known, as an unknown one's problem words them. */
  String known() {
    return known;
  }

  /** One property of a shape; made by {@link #required} and {@link #optional}. */
  public static final class Property {
    private final String name;
    private final @Nullable String expected;

    private Property(String name, @Nullable String expected) {
      this.name = requireNonNull(name, "name == null");
      this.expected = expected;
    }
  }
}
