package dev.toolsmith.schema;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Judges a JSON value against a schema of the vocabulary the processor writes ({@code type}, {@code
 * properties}, {@code required}, {@code additionalProperties}, {@code propertyNames}, {@code
 * items}, {@code enum}, {@code const}, the string, number and array keywords, {@code $ref} into
 * {@code $defs}, {@code anyOf}, {@code oneOf}), with the same checks of each keyword the reader
 * makes: {@link NumberBounds}, {@link EcmaRegex}, {@link Formats}. What it is for: a tool's example
 * arguments, which a provider refuses unless they fit the tool's schema, checked at compile time
 * and again when an override changes the schema. Annotations ({@code description}, {@code default},
 * {@code examples}, ...) and keywords outside that vocabulary are not judged.
 */
public final class SchemaInstances {

  /**
   * Why a value does not fit.
   *
   * @param pointer the JSON Pointer of the part that does not fit ({@code ""} for the whole value)
   * @param expected what the schema expects there
   * @param found what the value has there
   */
  public record Violation(String pointer, String expected, String found) {

    /** {@code at /city: expected string; found 42}. */
    @Override
    public String toString() {
      return "at "
          + (pointer.isEmpty() ? "the top" : pointer)
          + ": expected "
          + expected
          + "; found "
          + found;
    }
  }

  /** The largest scale of a number judged; the readers refuse exponents beyond 1000 too. */
  private static final int MAX_SCALE = 2000;

  private final Object root;

  private SchemaInstances(Object root) {
    this.root = root;
  }

  /**
   * The first way {@code json} does not fit {@code schema}, or empty when it fits.
   *
   * @throws IllegalArgumentException when {@code json} is not one JSON value (with why), or {@code
   *     schema} is not a JSON object
   */
  public static Optional<Violation> check(String schema, String json) {
    requireNonNull(schema, "schema == null");
    requireNonNull(json, "json == null");
    Object tree = SchemaTree.object(parseSchema(schema));
    if (tree == null) {
      throw new IllegalArgumentException("the schema is not a JSON object");
    }
    return Optional.ofNullable(new SchemaInstances(tree).check(tree, value(json), ""));
  }

  /**
   * {@code json} as one JSON value (the tree {@link SchemaTree} reads).
   *
   * @throws IllegalArgumentException when it is not exactly one JSON value, saying why
   */
  private static @Nullable Object value(String json) {
    try (JsonParser parser = SchemaJson.FACTORY.createParser(json)) {
      if (parser.nextToken() == null) {
        throw new IllegalArgumentException("no JSON value");
      }
      Object value = SchemaTree.read(parser);
      if (parser.nextToken() != null) {
        throw new IllegalArgumentException("more than one JSON value");
      }
      return value;
    } catch (IOException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      throw new IllegalArgumentException(message.lines().findFirst().orElse(message), e);
    }
  }

  private static @Nullable Object parseSchema(String schema) {
    try {
      return SchemaTree.parse(schema);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("the schema is not JSON", e);
    }
  }

  private @Nullable Violation check(
      @Nullable Object schemaNode, @Nullable Object value, String at) {
    if (schemaNode instanceof Boolean allowed) {
      return allowed ? null : new Violation(at, "nothing (no value is allowed here)", show(value));
    }
    Map<String, Object> schema = SchemaTree.object(schemaNode);
    if (schema == null) {
      return null;
    }
    if (schema.get("$ref") instanceof String ref && ref.startsWith("#")) {
      Violation violation = check(SchemaTree.at(root, ref.substring(1)), value, at);
      if (violation != null) {
        return violation;
      }
    }
    Violation violation = alternatives(schema, value, at);
    if (violation != null) {
      return violation;
    }
    if (schema.containsKey("type") && !hasType(schema.get("type"), value)) {
      return new Violation(at, typeText(schema.get("type")), show(value));
    }
    if (schema.get("enum") instanceof List<?> allowed
        && allowed.stream().noneMatch(a -> same(a, value))) {
      return new Violation(at, "one of " + show(allowed), show(value));
    }
    if (schema.containsKey("const") && !same(schema.get("const"), value)) {
      return new Violation(at, "the constant " + show(schema.get("const")), show(value));
    }
    if (value instanceof String text) {
      return string(schema, text, at);
    }
    if (value instanceof SchemaTree.Num number) {
      BigDecimal decimal = new BigDecimal(number.text());
      if (Math.abs(decimal.scale()) > MAX_SCALE) {
        // Bounds and multipleOf on 1e999999999 would cost without bound; no reader takes it.
        return new Violation(at, "a number of exponent at most " + MAX_SCALE, number.text());
      }
      String broken = bounds(schema).broken(decimal);
      return broken == null ? null : new Violation(at, "a number (" + broken + ")", number.text());
    }
    if (value instanceof List<?> array) {
      return array(schema, array, at);
    }
    Map<String, Object> object = SchemaTree.object(value);
    return object == null ? null : object(schema, object, at);
  }

  /** {@code anyOf}: one alternative fits; {@code oneOf}: exactly one does. */
  private @Nullable Violation alternatives(
      Map<String, Object> schema, @Nullable Object value, String at) {
    for (String keyword : List.of("anyOf", "oneOf")) {
      if (!(schema.get(keyword) instanceof List<?> options)) {
        continue;
      }
      int fits = 0;
      Violation closest = null;
      for (Object option : options) {
        Violation violation = check(option, value, at);
        if (violation == null) {
          fits++;
        } else if (closest == null || rank(violation, at) > rank(closest, at)) {
          closest = violation;
        }
      }
      if (fits == 0) {
        return closest;
      }
      if (fits > 1 && keyword.equals("oneOf")) {
        return new Violation(at, "exactly one of the oneOf alternatives", fits + " that fit");
      }
    }
    return null;
  }

  /**
   * How much a failed alternative's violation says: one past the alternative's own level (the value
   * went into it) more than one at its level, and one that is not a mismatch of a constant (the
   * discriminator of another variant) more than one that is.
   */
  private static int rank(Violation violation, String at) {
    boolean constant =
        violation.expected().startsWith("one of [")
            || violation.expected().startsWith("the constant ");
    return (violation.pointer().length() > at.length() ? 2 : 0) + (constant ? 0 : 1);
  }

  private static @Nullable Violation string(Map<String, Object> schema, String text, String at) {
    int length = text.codePointCount(0, text.length());
    if (schema.get("minLength") instanceof SchemaTree.Num min
        && length < Integer.parseInt(min.text())) {
      return new Violation(at, "a string of at least " + min.text() + " characters", show(text));
    }
    if (schema.get("maxLength") instanceof SchemaTree.Num max
        && length > Integer.parseInt(max.text())) {
      return new Violation(at, "a string of at most " + max.text() + " characters", show(text));
    }
    if (schema.get("pattern") instanceof String pattern
        && !EcmaRegex.compile(pattern).matcher(text).find()) {
      return new Violation(at, "a string matching " + show(pattern), show(text));
    }
    if (schema.get("format") instanceof String format && !Formats.valid(format, text)) {
      return new Violation(at, "a string of format " + format, show(text));
    }
    return null;
  }

  private @Nullable Violation array(Map<String, Object> schema, List<?> array, String at) {
    if (schema.get("minItems") instanceof SchemaTree.Num min
        && array.size() < Integer.parseInt(min.text())) {
      return new Violation(at, "at least " + min.text() + " items", array.size() + " items");
    }
    if (schema.get("maxItems") instanceof SchemaTree.Num max
        && array.size() > Integer.parseInt(max.text())) {
      return new Violation(at, "at most " + max.text() + " items", array.size() + " items");
    }
    if (Boolean.TRUE.equals(schema.get("uniqueItems"))) {
      for (int i = 0; i < array.size(); i++) {
        for (int j = 0; j < i; j++) {
          if (same(array.get(i), array.get(j))) {
            return new Violation(at + "/" + i, "an item unlike the others", show(array.get(i)));
          }
        }
      }
    }
    if (schema.containsKey("items")) {
      for (int i = 0; i < array.size(); i++) {
        Violation violation = check(schema.get("items"), array.get(i), at + "/" + i);
        if (violation != null) {
          return violation;
        }
      }
    }
    return null;
  }

  private @Nullable Violation object(
      Map<String, Object> schema, Map<String, Object> object, String at) {
    Map<String, Object> properties = SchemaTree.object(schema.get("properties"));
    // The values first: a variant's discriminator that does not match says more than what it lacks.
    for (Map.Entry<String, Object> member : object.entrySet()) {
      String where = at + "/" + escape(member.getKey());
      Violation violation;
      if (properties != null && properties.containsKey(member.getKey())) {
        violation = check(properties.get(member.getKey()), member.getValue(), where);
      } else if (Boolean.FALSE.equals(schema.get("additionalProperties"))) {
        List<String> known = properties == null ? List.of() : new ArrayList<>(properties.keySet());
        violation = new Violation(where, "one of the properties " + show(known), "another one");
      } else {
        violation = check(schema.get("additionalProperties"), member.getValue(), where);
      }
      if (violation == null && schema.containsKey("propertyNames")) {
        violation = check(schema.get("propertyNames"), member.getKey(), where);
      }
      if (violation != null) {
        return violation;
      }
    }
    for (Object name : SchemaTree.array(schema.get("required"))) {
      if (name instanceof String required && !object.containsKey(required)) {
        return new Violation(at + "/" + escape(required), "a required property", "none");
      }
    }
    return null;
  }

  /** The number keywords of {@code schema}, as the reader's {@link NumberBounds}. */
  private static NumberBounds bounds(Map<String, Object> schema) {
    return new NumberBounds(
        decimal(schema.get("minimum")),
        decimal(schema.get("maximum")),
        decimal(schema.get("exclusiveMinimum")),
        decimal(schema.get("exclusiveMaximum")),
        decimal(schema.get("multipleOf")));
  }

  private static @Nullable BigDecimal decimal(@Nullable Object keyword) {
    return keyword instanceof SchemaTree.Num number ? new BigDecimal(number.text()) : null;
  }

  private static boolean hasType(@Nullable Object types, @Nullable Object value) {
    if (types instanceof List<?> list) {
      return list.stream().anyMatch(type -> hasType(type, value));
    }
    if (!(types instanceof String type)) {
      return true;
    }
    return switch (type) {
      case "null" -> value == null;
      case "boolean" -> value instanceof Boolean;
      case "string" -> value instanceof String;
      case "number" -> value instanceof SchemaTree.Num;
      case "integer" ->
          value instanceof SchemaTree.Num number && isIntegral(new BigDecimal(number.text()));
      case "array" -> value instanceof List<?>;
      case "object" -> value instanceof Map<?, ?>;
      default -> true;
    };
  }

  private static boolean isIntegral(BigDecimal number) {
    return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
  }

  private static String typeText(@Nullable Object types) {
    return types instanceof List<?> list
        ? String.join(" or ", list.stream().map(String::valueOf).toList())
        : String.valueOf(types);
  }

  /** JSON equality: numbers by value, objects regardless of member order. */
  private static boolean same(@Nullable Object a, @Nullable Object b) {
    if (a instanceof SchemaTree.Num x && b instanceof SchemaTree.Num y) {
      return new BigDecimal(x.text()).compareTo(new BigDecimal(y.text())) == 0;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!same(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    Map<String, Object> x = SchemaTree.object(a);
    Map<String, Object> y = SchemaTree.object(b);
    if (x != null && y != null) {
      return x.keySet().equals(y.keySet())
          && x.entrySet().stream().allMatch(e -> same(e.getValue(), y.get(e.getKey())));
    }
    return a == null ? b == null : a.equals(b);
  }

  /** {@code value} as short JSON text, for messages. */
  private static String show(@Nullable Object value) {
    String text;
    try {
      java.io.StringWriter out = new java.io.StringWriter();
      try (var g = SchemaJson.FACTORY.createGenerator(out)) {
        SchemaTree.write(g, value);
      }
      text = out.toString();
    } catch (IOException e) {
      text = String.valueOf(value);
    }
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }

  private static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }
}
