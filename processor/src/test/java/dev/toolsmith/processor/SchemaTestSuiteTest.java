package dev.toolsmith.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.EcmaRegex;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official JSON Schema Test Suite (draft 2020-12) as an outside oracle: every case whose schema
 * a Java type plus {@code @Param} constraints can express (a string with pattern, format and
 * lengths, a BigDecimal or BigInteger with bounds and multipleOf, a list with item counts and
 * uniqueItems) is compiled into a tool, and the generated reader must give the suite's verdict for
 * each test whose data is of that JSON type. Counts per file are printed.
 */
final class SchemaTestSuiteTest {

  private static final Path SUITE =
      Path.of(System.getProperty("toolsmith.suite", "/work/shared/json-schema-test-suite"));

  private static final ObjectMapper EXACT =
      new ObjectMapper()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(
              com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));

  private static final Set<String> KEYWORDS =
      Set.of(
          "$schema",
          "type",
          "pattern",
          "format",
          "minLength",
          "maxLength",
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "exclusiveMaximum",
          "multipleOf",
          "uniqueItems",
          "minItems",
          "maxItems");

  private static final Set<String> CHECKED_FORMATS =
      Set.of("date", "date-time", "uuid", "uri", "email", "duration");

  /** One expressible suite group: its tool's name, Java property, and the tests it judges. */
  private record Group(String tool, String property, String jsonType, JsonNode tests) {}

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pattern.json",
        "minLength.json",
        "maxLength.json",
        "minimum.json",
        "maximum.json",
        "exclusiveMinimum.json",
        "exclusiveMaximum.json",
        "multipleOf.json",
        "uniqueItems.json",
        "minItems.json",
        "maxItems.json",
        "optional/ecmascript-regex.json",
        "optional/non-bmp-regex.json",
        "optional/bignum.json",
        "optional/float-overflow.json",
        "optional/format/date-time.json",
        "optional/format/date.json",
        "optional/format/duration.json",
        "optional/format/email.json",
        "optional/format/uri.json",
        "optional/format/uuid.json"
      })
  void generatedReadersGiveTheSuitesVerdicts(String file) throws Exception {
    Path path = SUITE.resolve(file);
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(path), "suite not at " + SUITE);
    JsonNode groups = EXACT.readTree(path.toFile());
    List<Group> expressible = new ArrayList<>();
    int skippedGroups = 0;
    for (JsonNode group : groups) {
      Group g = expressible(group.get("schema"), group.get("tests"), "t" + expressible.size());
      if (g == null) {
        skippedGroups++;
      } else {
        expressible.add(g);
      }
    }
    int judged = 0;
    List<String> disagreements = new ArrayList<>();
    if (!expressible.isEmpty()) {
      StringBuilder source =
          new StringBuilder(
              "package suite;\n\nimport dev.toolsmith.annotations.Param;\n"
                  + "import dev.toolsmith.annotations.Tool;\n\npublic final class Cases {\n");
      for (Group g : expressible) {
        source
            .append("  /** A case. */\n  @Tool\n  public static String ")
            .append(g.tool())
            .append("(")
            .append(g.property())
            .append(") {\n    return \"ok\";\n  }\n");
      }
      source.append("}\n");
      Path dir = Files.createTempDirectory("suite");
      Path out =
          Compiled.writeClassOutput(
              Compiled.compile(JavaFileObjects.forSourceString("suite.Cases", source.toString())),
              dir);
      Map<String, ToolEntry> tools =
          Compiled.tools(Compiled.loader(out), dev.toolsmith.runtime.Bindings.none());
      for (Group g : expressible) {
        for (JsonNode test : g.tests()) {
          JsonNode data = test.get("data");
          if (!ofType(data, g.jsonType())) {
            continue; // another JSON type: the Java type refuses it, the keyword ignores it
          }
          judged++;
          boolean accepted =
              accepts(tools.get(g.tool()), "{\"v\":" + EXACT.writeValueAsString(data) + "}");
          if (accepted != test.get("valid").asBoolean()) {
            disagreements.add(
                test.get("description").asText()
                    + ": "
                    + data
                    + " -> "
                    + (accepted ? "accepted" : "refused")
                    + " ("
                    + g.property()
                    + ")");
          }
        }
      }
    }
    System.out.printf(
        "suite %s: %d groups expressible (%d not), %d tests judged, %d disagree%n",
        file, expressible.size(), skippedGroups, judged, disagreements.size());
    assertEquals(List.of(), disagreements, file);
  }

  private static boolean accepts(ToolEntry entry, String arguments) throws Exception {
    try {
      Compiled.call(entry, arguments, ToolContext.empty());
      return true;
    } catch (InvalidArgumentsException e) {
      return false;
    }
  }

  private static boolean ofType(JsonNode data, String jsonType) {
    return switch (jsonType) {
      case "string" -> data.isTextual();
      case "number" -> data.isNumber();
      case "integer" ->
          data.isNumber()
              && (data.isIntegralNumber() || data.decimalValue().stripTrailingZeros().scale() <= 0);
      default -> data.isArray();
    };
  }

  /** The tool for {@code schema}, or null when no Java type and constraints express it exactly. */
  private static Group expressible(JsonNode schema, JsonNode tests, String tool) {
    if (!schema.isObject()) {
      return null;
    }
    List<String> constraints = new ArrayList<>();
    List<String> decimals = new ArrayList<>(); // Bean Validation's exact decimal bounds
    String kind = null;
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      JsonNode value = e.getValue();
      if (!KEYWORDS.contains(key)) {
        return null;
      }
      String k =
          switch (key) {
            case "pattern", "format", "minLength", "maxLength" -> "string";
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf" ->
                "number";
            case "uniqueItems", "minItems", "maxItems" -> "array";
            case "type" -> value.isTextual() ? value.asText() : "bad";
            default -> null;
          };
      if (k == null) {
        continue;
      }
      if (k.equals("bad")
          || (kind != null
              && !kind.equals(k)
              && !(kind.equals("integer") && k.equals("number"))
              && !(kind.equals("number") && k.equals("integer")))) {
        return null;
      }
      kind = kind == null || k.equals("integer") ? k : kind;
      switch (key) {
        case "pattern" -> {
          if (EcmaRegex.problem(value.asText()) != null) {
            return null;
          }
          constraints.add("pattern = " + javaString(value.asText()));
        }
        case "format" -> {
          if (!CHECKED_FORMATS.contains(value.asText())) {
            return null;
          }
          constraints.add("format = " + javaString(value.asText()));
        }
        case "minLength", "maxLength", "minItems", "maxItems" -> {
          if (!value.canConvertToInt()) {
            return null;
          }
          constraints.add(key + " = " + value.intValue());
        }
        case "uniqueItems" -> constraints.add("uniqueItems = " + value.asBoolean());
        case "type", "$schema" -> {}
        default -> {
          BigDecimal exact = value.decimalValue();
          double d = exact.doubleValue();
          if (!Double.isInfinite(d) && new BigDecimal(Double.toString(d)).compareTo(exact) == 0) {
            constraints.add(key + " = " + Double.toString(d));
          } else if (key.equals("multipleOf")) {
            return null; // a step a double constraint cannot state exactly, and no decimal
            // annotation
          } else { // a bound no double states: @DecimalMin / @DecimalMax take it as written
            String bound = key.toLowerCase(java.util.Locale.ROOT).contains("min") ? "Min" : "Max";
            decimals.add(
                "@jakarta.validation.constraints.Decimal"
                    + bound
                    + "(value = \""
                    + exact.toPlainString()
                    + "\", inclusive = "
                    + !key.startsWith("exclusive")
                    + ") ");
          }
        }
      }
    }
    if (kind == null
        || (constraints.isEmpty() && decimals.isEmpty() && !schema.has("type"))
        || kind.equals("array") && constraints.isEmpty()) {
      return null;
    }
    String type =
        switch (kind) {
          case "string" -> "String";
          case "number" -> "java.math.BigDecimal";
          case "integer" -> "java.math.BigInteger";
          case "array" -> "java.util.List<com.fasterxml.jackson.databind.JsonNode>";
          default -> null;
        };
    if (type == null) {
      return null;
    }
    String param = constraints.isEmpty() ? "" : "@Param(" + String.join(", ", constraints) + ") ";
    return new Group(tool, String.join("", decimals) + param + type + " v", kind, tests);
  }

  private static String javaString(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\%03o", (int) c)); // octal: a \\u escape of a line end breaks
      } else if (c > 0x7e) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
