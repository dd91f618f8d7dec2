package dev.toolsmith.schema.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolTermsTest {

  private static final ToolTerms GREET =
      ToolTerms.analyse(
          "greetPeople",
          "Greets people by name, loudly when asked; greets them again and again.",
          List.of("name", "times"),
          List.of("who to greet", "how often"),
          "social",
          List.of("hello", "hi there"));

  @Test
  void eachFieldHoldsItsDistinctTermsWithTheirCountsInTheOrderTheyFirstOccur() {
    assertEquals("greet peopl", GREET.field(ToolTerms.NAME).toString());
    assertEquals(
        "greet:2 peopl name loudly ask again:2", GREET.field(ToolTerms.DESCRIPTION).toString());
    assertEquals(8, GREET.field(ToolTerms.DESCRIPTION).length());
    assertEquals("name time", GREET.field(ToolTerms.PARAMETER_NAMES).toString());
    assertEquals("greet often", GREET.field(ToolTerms.PARAMETER_DESCRIPTIONS).toString());
    assertEquals("social", GREET.field(ToolTerms.TOOLSET).toString());
    assertEquals("hello hi", GREET.field(ToolTerms.KEYWORDS).toString());
  }

  @Test
  void theWrittenFormReadsBackAsEqualTerms() {
    String written = GREET.write();
    assertEquals(
        "greet peopl|greet:2 peopl name loudly ask again:2|name time|greet often|social|hello hi|",
        written);
    assertEquals(Optional.of(GREET), ToolTerms.read(written));
    ToolTerms empty = ToolTerms.analyse("", "", List.of(), List.of(), "", List.of());
    assertEquals("||||||", empty.write());
    assertEquals(Optional.of(empty), ToolTerms.read(empty.write()));
  }

  @Test
  void aTextNotInTheWrittenFormReadsAsNothingAndNeverThrows() {
    for (String text :
        List.of(
            "",
            "|||||",
            "|||||||",
            "a||||| b",
            "a |||||",
            " a|||||",
            "a  b|||||",
            "a:|||||",
            "a:1|||||",
            "a:x|||||",
            "a:2:3|||||",
            ":2|||||",
            "a:99999999999|||||")) {
      assertEquals(Optional.empty(), ToolTerms.read(text), text);
    }
  }

  @Test
  void schemaPropertiesAreReadInOrderWithTheirDescriptions() {
    List<String> seen = new ArrayList<>();
    SchemaProperties.forEach(
        "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\",\"description\":\"a"
            + " file\"},\"depth\":{\"type\":\"integer\",\"items\":{\"description\":\"no\"}}}}",
        (name, description) -> seen.add(name + "=" + description));
    assertEquals(List.of("path=a file", "depth="), seen);
    List<String> none = new ArrayList<>();
    for (String schema : List.of("", "[]", "{\"properties\":{\"a\":{}", "not json")) {
      SchemaProperties.forEach(schema, (name, description) -> none.add(name));
    }
    assertTrue(none.isEmpty(), none.toString());
  }
}
