package dev.toolsmith.processor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Generates random JSON documents for a JSON Schema: mostly near-valid ones (values drawn from the
 * schema, its boundaries and just past them), with wrong types, nulls, missing and unknown
 * properties, duplicates and junk mixed in, so about half are valid and the rest fail in varied
 * ways.
 */
final class DocumentGenerator {

  /** Exact decimals: 1.10 stays 1.10 and -0.0 stays -0.0 in the documents written. */
  private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Strings that probe formats, patterns and lengths, valid and not. */
  private static final List<String> STRINGS =
      List.of(
          // the classes an outside oracle found: ECMA-262 line ends and spaces, RFC formats
          "IBM",
          "IBM\n",
          "IBM\r\n",
          "IBM\u2028",
          "\u00a0",
          "\u2003",
          "\ufeff",
          "a\u00a0b",
          "\u0085",
          "1998-12-31T23:59:60Z",
          "1998-12-31T15:59:60.123-08:00",
          "1998-12-31T22:59:60Z",
          "2024-01-31T10:00:00.1234567891Z",
          "P1Y",
          "P2W",
          "P1Y2W",
          "P1D",
          "PT36H",
          "http:",
          "http://example.com:abc/path",
          "urn:isbn:0451450523",
          "\"joe bloggs\"@example.com",
          "joe@[127.0.0.1]",
          "joe@[IPv6:::1]",
          "a..b@c.d",
          "a.b@example.com", // networknt's email check wants a known top-level domain
          "",
          "a",
          "ab",
          "abc",
          "abcde",
          "abcdef",
          "ABC",
          "x y",
          "h\u00e9llo",
          "\uD83D\uDE00",
          "\uD83D\uDE00\uD83D\uDE00",
          " ",
          "  \t",
          "12",
          "US",
          "Us",
          "USA",
          "red",
          "green",
          "blue",
          "circle",
          "rectangle",
          "dot",
          "MON",
          "TUE",
          "CELSIUS",
          "fahrenheit",
          "FAHRENHEIT",
          "2024-01-31",
          "2024-02-29",
          "2023-02-29",
          "2024-02-30",
          "2024-1-1",
          "1900-02-29",
          "2000-02-29",
          "2024-01-31T10:00:00Z",
          "2024-01-31t10:00:00z",
          "2024-01-31T10:00:00+01:00",
          "2024-01-31T10:00:00.5-05:30",
          "2024-01-31T10:00Z",
          "2024-01-31T25:00:00Z",
          "2024-01-31 10:00:00Z",
          "10:15:30",
          "10:15",
          "24:00:00",
          "23:59:59.999",
          "10:15:30Z",
          "2024-01-31T10:15:30",
          "2024-02-30T10:15:30",
          "2024-02-29T23:59:59.1",
          "2023-02-29T00:00:00",
          "P1D",
          "PT1H30M",
          "P1Y",
          "PT",
          "P",
          "PT5S",
          "P1DT2H",
          "P2W",
          "-PT1S",
          "p1d",
          "3fa85f64-5717-4562-b3fc-2c963f66afa6",
          "3FA85F64-5717-4562-B3FC-2C963F66AFA6",
          "3fa85f64-5717-4562-b3fc-2c963f66afa",
          "not-a-uuid",
          "https://example.com/a?b=c",
          "mailto:x@example.com",
          "urn:isbn:123",
          "relative/path",
          "http://exa mple.com",
          "a@b.co",
          "first.last@example.org",
          "not an email",
          "a@@b.co",
          "@b.co",
          "a@b");

  private static final List<String> NUMBERS =
      List.of(
          "-1",
          "0",
          "1",
          "2",
          "3",
          "7",
          "14",
          "18",
          "100",
          "101",
          "130",
          "131",
          "127",
          "128",
          "-128",
          "-129",
          "32767",
          "32768",
          "-32769",
          "2147483647",
          "2147483648",
          "-2147483649",
          "9223372036854775807",
          "9223372036854775808",
          "1E+20",
          "1.0",
          "2.5",
          "0.125",
          "0.5",
          "0.3",
          "0.875",
          "0.9999",
          "1000.5",
          "1000.6",
          "1E+2",
          "-0.0",
          "-7",
          "21",
          "0.25",
          "1.125",
          "-9223372036854775807.875",
          "2147483647.5");

  /** Exact decimals, exponents and zeros that change when read through a double. */
  private static final List<String> EXACT =
      List.of(
          "1.10",
          "1.00",
          "-0.0",
          "0.00",
          "-1E-400",
          "1E+400",
          "1E+2",
          "12.3456789012345678901234",
          "9007199254740993",
          "999.99999999999999999",
          "100.00000000000000001",
          "1E+1001");

  /** Numbers beyond the long range: rare, since networknt 3.0.9 throws on them (see the test). */
  private static final List<String> HUGE = List.of("1E+20", "3.5E+38", "1E+39");

  /** Says whether a leaf value is valid against a leaf schema; used only to bias toward valid. */
  interface Oracle {
    boolean valid(JsonNode schema, JsonNode value);
  }

  private final JsonNode root;
  private final Random random;
  private final Oracle oracle;

  DocumentGenerator(JsonNode root, Random random, Oracle oracle) {
    this.root = root;
    this.random = random;
    this.oracle = oracle;
  }

  /** Per leaf schema, the pool values the validator accepts (computed once). */
  private static final Map<String, List<JsonNode>> VALID_POOL =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * Mostly a value of the fixed pool that the leaf schema accepts; otherwise {@code fallback}, a
   * value that may or may not be valid.
   */
  private JsonNode leaf(JsonNode schema, List<JsonNode> pool, JsonNode fallback) {
    if (chance(0.93)) {
      List<JsonNode> valid =
          VALID_POOL.computeIfAbsent(
              schema.toString(),
              key -> pool.stream().filter(v -> oracle.valid(schema, v)).toList());
      if (!valid.isEmpty()) {
        return pick(valid);
      }
    }
    return fallback;
  }

  /** One document, as JSON text: an object, or (rarely) another JSON value. */
  String document() {
    try {
      JsonNode document = chance(0.01) ? junk(2) : value(root, 0);
      if (document.isTextual() || document.isNull()) {
        document = NODES.arrayNode(); // strings and null at the root are the reader's own cases
      }
      return MAPPER.writeValueAsString(document);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private boolean chance(double p) {
    return random.nextDouble() < p;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  private JsonNode value(JsonNode schema, int depth) {
    if (schema.has("$ref")) {
      String ref = schema.get("$ref").asText();
      return value(root.at(ref.substring(1)), depth + 1);
    }
    if (chance(0.01)) {
      return junk(depth);
    }
    for (String combinator : List.of("oneOf", "anyOf")) {
      if (schema.has(combinator)) {
        JsonNode branch = schema.get(combinator).get(random.nextInt(schema.get(combinator).size()));
        JsonNode value = value(branch, depth + 1);
        if (value.isObject() && chance(0.05)) {
          // Swap the discriminator for another branch's: a mismatched variant.
          JsonNode other =
              schema.get(combinator).get(random.nextInt(schema.get(combinator).size()));
          other
              .path("properties")
              .fields()
              .forEachRemaining(
                  field -> {
                    if (field.getValue().has("enum") && value.has(field.getKey())) {
                      ((ObjectNode) value).set(field.getKey(), field.getValue().get("enum").get(0));
                    }
                  });
        }
        return value;
      }
    }
    List<String> types = new ArrayList<>();
    JsonNode type = schema.get("type");
    if (type == null) {
      return junk(depth); // free-form
    }
    if (type.isArray()) {
      type.forEach(t -> types.add(t.asText()));
    } else {
      types.add(type.asText());
    }
    if (types.contains("null") && chance(0.1)) {
      return NODES.nullNode();
    }
    if (schema.has("enum") && chance(0.9)) {
      return schema.get("enum").get(random.nextInt(schema.get("enum").size()));
    }
    String chosen = types.get(0);
    if (chance(0.01)) {
      chosen = pick(List.of("string", "integer", "number", "boolean", "array", "object"));
    }
    switch (chosen) {
      case "object":
        return object(schema, depth);
      case "array":
        return array(schema, depth);
      case "string":
        {
          List<JsonNode> pool = new ArrayList<>();
          STRINGS.forEach(text -> pool.add(NODES.textNode(text)));
          return leaf(schema, pool, NODES.textNode(string(schema)));
        }
      case "integer":
      case "number":
        {
          List<JsonNode> pool = new ArrayList<>();
          NUMBERS.forEach(text -> pool.add(number(text)));
          EXACT.forEach(text -> pool.add(number(text)));
          bounds(schema).forEach(text -> pool.add(number(text)));
          return leaf(schema, pool, number(schema, chosen.equals("integer")));
        }
      case "boolean":
        return NODES.booleanNode(random.nextBoolean());
      default:
        return NODES.nullNode();
    }
  }

  private JsonNode object(JsonNode schema, int depth) {
    ObjectNode object = NODES.objectNode();
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(r -> required.add(r.asText()));
    Iterator<Map.Entry<String, JsonNode>> properties = schema.path("properties").fields();
    while (properties.hasNext()) {
      Map.Entry<String, JsonNode> property = properties.next();
      boolean include =
          required.contains(property.getKey()) ? chance(0.99) : chance(depth > 3 ? 0.1 : 0.5);
      if (include) {
        object.set(property.getKey(), value(property.getValue(), depth + 1));
      }
    }
    JsonNode additional = schema.get("additionalProperties");
    if (additional != null && additional.isObject()) {
      int entries = random.nextInt(depth > 3 ? 1 : 4);
      JsonNode names = schema.path("propertyNames").path("enum");
      for (int i = 0; i < entries; i++) {
        String key =
            names.size() > 0 && chance(0.9)
                ? names.get(random.nextInt(names.size())).asText()
                : pick(STRINGS);
        object.set(key, value(additional, depth + 1));
      }
    } else if (chance(0.04)) {
      object.set(pick(List.of("extra", "Count", "unknown")), NODES.numberNode(1));
    }
    return object;
  }

  private JsonNode array(JsonNode schema, int depth) {
    ArrayNode array = NODES.arrayNode();
    int size = depth > 3 ? random.nextInt(2) : random.nextInt(6);
    JsonNode items = schema.path("items");
    for (int i = 0; i < size; i++) {
      if (i > 0 && chance(0.1)) {
        array.add(equalCopy(array.get(random.nextInt(i)))); // a duplicate, maybe written otherwise
      } else {
        array.add(value(items, depth + 1));
      }
    }
    return array;
  }

  /** A JSON-equal copy of {@code value}: numbers with more trailing zeros, 0 as -0.0. */
  private JsonNode equalCopy(JsonNode value) {
    if (value.isNumber() && chance(0.7)) {
      BigDecimal number = value.decimalValue();
      return number.signum() == 0
          ? number("-0.0")
          : NODES.numberNode(number.setScale(number.scale() + 1));
    }
    if (value.isArray()) {
      ArrayNode copy = NODES.arrayNode();
      value.forEach(item -> copy.add(equalCopy(item)));
      return copy;
    }
    return value.deepCopy();
  }

  private String string(JsonNode schema) {
    int roll = random.nextInt(10);
    if (roll < 6) {
      return pick(STRINGS);
    }
    if (roll < 8 && schema.path("format").asText().equals("uuid")) {
      return UUID.randomUUID().toString();
    }
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(8);
    String alphabet = "abcxyzAZ09 -_\u00e9";
    for (int i = 0; i < length; i++) {
      if (chance(0.05)) {
        text.append("\uD83D\uDE00");
      } else {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
    }
    return text.toString();
  }

  private JsonNode number(JsonNode schema, boolean integer) {
    int roll = random.nextInt(10);
    String text;
    if (roll < 5) {
      text = chance(0.02) ? pick(HUGE) : chance(0.3) ? pick(EXACT) : pick(NUMBERS);
    } else if (roll < 7) {
      List<String> bounds = bounds(schema);
      text = bounds.isEmpty() ? pick(NUMBERS) : pick(bounds);
    } else if (integer || chance(0.5)) {
      text = BigInteger.valueOf(random.nextInt(2001) - 1000).toString();
    } else {
      text = BigDecimal.valueOf(random.nextInt(2001) - 1000, random.nextInt(4)).toString();
    }
    return number(text);
  }

  /** A number node written exactly as {@code text} ({@code -0.0} kept: BigDecimal has no -0). */
  private static JsonNode number(String text) {
    return text.startsWith("-0") && new BigDecimal(text).signum() == 0
        ? NODES.rawValueNode(new com.fasterxml.jackson.databind.util.RawValue(text))
        : NODES.numberNode(new BigDecimal(text));
  }

  /** Numbers at and next to the schema's bounds. */
  private static List<String> bounds(JsonNode schema) {
    List<String> bounds = new ArrayList<>();
    for (String key : List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")) {
      if (schema.has(key)) {
        BigDecimal bound = schema.get(key).decimalValue();
        bounds.add(bound.toString());
        bounds.add(bound.add(BigDecimal.ONE).toString());
        bounds.add(bound.subtract(BigDecimal.ONE).toString());
        bounds.add(bound.add(new BigDecimal("0.125")).toString());
        bounds.add(bound.subtract(new BigDecimal("0.125")).toString());
        // exact decimals at the bound: equal but written otherwise, or past it by 1e-17
        bounds.add(bound.setScale(Math.max(bound.scale(), 0) + 2).toPlainString());
        bounds.add(bound.add(new BigDecimal("1E-17")).toPlainString());
        bounds.add(bound.subtract(new BigDecimal("1E-17")).toPlainString());
      }
    }
    return bounds;
  }

  private JsonNode junk(int depth) {
    switch (random.nextInt(depth > 2 ? 5 : 7)) {
      case 0:
        return NODES.nullNode();
      case 1:
        return NODES.booleanNode(random.nextBoolean());
      case 2:
        return NODES.numberNode(new BigDecimal(pick(NUMBERS)));
      case 3:
        return NODES.textNode(pick(STRINGS));
      case 4:
        return NODES.numberNode(random.nextInt(10));
      case 5:
        {
          ArrayNode array = NODES.arrayNode();
          for (int i = random.nextInt(3); i > 0; i--) {
            array.add(junk(depth + 1));
          }
          return array;
        }
      default:
        {
          ObjectNode object = NODES.objectNode();
          for (int i = random.nextInt(3); i > 0; i--) {
            object.set(pick(List.of("a", "kind", "x", "label")), junk(depth + 1));
          }
          return object;
        }
    }
  }
}
