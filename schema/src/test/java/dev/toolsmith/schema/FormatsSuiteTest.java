package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The suite's cases of every format the readers check, judged by {@link Formats#valid}. */
final class FormatsSuiteTest {

  @ParameterizedTest
  @ValueSource(strings = {"date", "date-time", "duration", "email", "uri", "uuid"})
  void formatsGiveTheSuitesVerdicts(String format) throws Exception {
    List<String> disagreements = new ArrayList<>();
    int judged = 0;
    for (JsonNode group : SuiteFiles.read("optional/format/" + format + ".json")) {
      assertEquals(format, group.get("schema").get("format").asText());
      for (JsonNode test : group.get("tests")) {
        JsonNode data = test.get("data");
        if (!data.isTextual()) {
          continue; // a format applies to strings only
        }
        judged++;
        if (Formats.valid(format, data.asText()) != test.get("valid").asBoolean()) {
          disagreements.add(test.get("description").asText() + ": " + data);
        }
      }
    }
    assertTrue(judged >= 10, format + ": " + judged);
    assertEquals(List.of(), disagreements, format);
  }
}
