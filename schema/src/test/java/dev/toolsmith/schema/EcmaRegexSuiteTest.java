package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The suite's pattern cases judged by {@link EcmaRegex} itself: {@code pattern} and {@code
 * patternProperties} give the suite's verdict on every string and object, and {@code format: regex}
 * says which texts are ECMA-262 regular expressions (the ones {@link EcmaRegex#problem} accepts).
 */
final class EcmaRegexSuiteTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pattern.json",
        "optional/ecmascript-regex.json",
        "optional/non-bmp-regex.json",
        "optional/format/ecmascript-regex.json"
      })
  void theEngineGivesTheSuitesVerdicts(String file) throws Exception {
    List<String> disagreements = new ArrayList<>();
    int judged = 0;
    for (JsonNode group : SuiteFiles.read(file)) {
      JsonNode schema = group.get("schema");
      for (JsonNode test : group.get("tests")) {
        Boolean verdict = verdict(schema, test.get("data"));
        if (verdict == null) {
          continue; // a JSON type the keyword ignores
        }
        judged++;
        if (verdict != test.get("valid").asBoolean()) {
          disagreements.add(group.get("description").asText() + ": " + test.get("data"));
        }
      }
    }
    assertTrue(judged > 0, file);
    assertEquals(List.of(), disagreements, file);
  }

  /** What {@code schema} says of {@code data} with this engine; null when it has no say. */
  private static Boolean verdict(JsonNode schema, JsonNode data) {
    if (schema.has("format")) {
      return data.isTextual() ? EcmaRegex.problem(data.asText()) == null : null;
    }
    if (schema.has("pattern")) {
      if (!data.isTextual()) {
        return schema.path("type").asText("string").equals("string") ? null : false;
      }
      return EcmaRegex.compile(schema.get("pattern").asText()).matcher(data.asText()).find();
    }
    if (!data.isObject()) {
      return schema.has("type") ? false : null;
    }
    boolean closed = !schema.path("additionalProperties").asBoolean(true);
    for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      boolean matched = false;
      for (Iterator<Map.Entry<String, JsonNode>> p = schema.get("patternProperties").fields();
          p.hasNext(); ) {
        Map.Entry<String, JsonNode> pattern = p.next();
        if (EcmaRegex.compile(pattern.getKey()).matcher(property.getKey()).find()) {
          matched = true;
          if (!fits(pattern.getValue(), property.getValue())) {
            return false;
          }
        }
      }
      if (!matched && closed) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code value} fits the suite's property schemas here: true, or a type. */
  private static boolean fits(JsonNode schema, JsonNode value) {
    if (schema.isBoolean()) {
      return schema.asBoolean();
    }
    return switch (schema.get("type").asText()) {
      case "integer" -> value.isIntegralNumber();
      case "string" -> value.isTextual();
      default -> throw new AssertionError("a property schema this test does not read: " + schema);
    };
  }
}
