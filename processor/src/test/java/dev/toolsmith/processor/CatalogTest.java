package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each type and constraint of the catalog, from source through schema to a real dispatch. */
final class CatalogTest {

  private static String call(String tool, String arguments) throws Exception {
    return Compiled.call(Catalog.tools().get(tool), arguments, ToolContext.empty());
  }

  private static List<ArgumentProblem> problems(String tool, String arguments) {
    return assertThrows(InvalidArgumentsException.class, () -> call(tool, arguments)).problems();
  }

  private static final String SCALARS =
      "{\"count\":3,\"ratio\":0.5,\"word\":\"abc\",\"flag\":true,\"initial\":\"x\","
          + "\"unit\":\"fahrenheit\",\"color\":\"red\",\"small\":1,\"tiny\":2,\"real\":1.5,"
          + "\"is-on\":false}";

  private static String scalarsWith(String key, String json) {
    return SCALARS.replaceFirst("\"" + key + "\":[^,}]*", "\"" + key + "\":" + json);
  }

  @Test
  void scalarConstraintsAreCheckedAndDefaultsFilledIn() throws Exception {
    // step absent: its default 7; the enum constant by its @JsonName; "is-on" by @Param(name).
    assertThat(call("scalars", SCALARS))
        .isEqualTo("scalars 3 0.5 abc true x FAHRENHEIT 7 red null 1 2 1.5 false");
    assertThat(call("scalars", SCALARS.replace("}", ",\"step\":14,\"note\":\"hi\"}")))
        .isEqualTo("scalars 3 0.5 abc true x FAHRENHEIT 14 red hi 1 2 1.5 false");
    assertThat(problems("scalars", scalarsWith("count", "0")))
        .containsExactly(new ArgumentProblem("/count", "integer between 1 and 100", "0"));
    assertThat(problems("scalars", scalarsWith("ratio", "1")))
        .containsExactly(new ArgumentProblem("/ratio", "number > 0, < 1, multiple of 0.125", "1"));
    assertThat(problems("scalars", scalarsWith("ratio", "0.3")))
        .containsExactly(
            new ArgumentProblem("/ratio", "number > 0, < 1, multiple of 0.125", "0.3"));
    assertThat(problems("scalars", scalarsWith("word", "\"ABC\"")))
        .containsExactly(
            new ArgumentProblem(
                "/word", "string of 2 to 5 characters, matching ^[a-z]+$", "\"ABC\""));
    assertThat(problems("scalars", scalarsWith("word", "\"a\""))).hasSize(1);
    assertThat(problems("scalars", scalarsWith("color", "\"blue\"")))
        .containsExactly(new ArgumentProblem("/color", "one of [red, green]", "blue"));
    assertThat(problems("scalars", scalarsWith("unit", "\"FAHRENHEIT\"")))
        .containsExactly(
            new ArgumentProblem("/unit", "one of [CELSIUS, fahrenheit]", "\"FAHRENHEIT\""));
    assertThat(problems("scalars", SCALARS.replace("}", ",\"step\":8}")))
        .containsExactly(new ArgumentProblem("/step", "integer >= 0, multiple of 7", "8"));
    assertThat(problems("scalars", SCALARS.replace("}", ",\"note\":\"long\"}")))
        .containsExactly(
            new ArgumentProblem("/note", "string of at most 3 characters", "\"long\""));
    assertThat(problems("scalars", scalarsWith("tiny", "128")).get(0).path()).isEqualTo("/tiny");
    assertThat(problems("scalars", scalarsWith("real", "1e39")).get(0).path()).isEqualTo("/real");
    assertThat(problems("scalars", scalarsWith("initial", "\"\uD83D\uDE00\"")).get(0).path())
        .isEqualTo("/initial");
    // The Java name is not the JSON name.
    assertThat(problems("scalars", SCALARS.replace("\"is-on\"", "\"on\"")))
        .containsAtLeast(
            new ArgumentProblem(
                "/on",
                "one of [count, ratio, word, flag, initial, unit, step,"
                    + " color, note, small, tiny, real, is-on]",
                "unknown property"),
            new ArgumentProblem("/is-on", "boolean", "missing"));
  }

  private static final String BAG =
      "{\"numbers\":[1,2],\"tags\":[\"a\",\"b\"],\"codes\":[1,2],\"counts\":{\"x\":1},"
          + "\"byDay\":{\"MON\":\"gym\"},\"corners\":[{\"x\":0,\"y\":0}]}";

  @Test
  void containerConstraintsAndEnumKeyedMaps() throws Exception {
    assertThat(call("containers", BAG)).isEqualTo("bag [1, 2] [a, b] {x=1} {MON=gym}");
    assertThat(problems("containers", BAG.replace("[1,2],\"tags", "[1],\"tags")))
        .containsExactly(
            new ArgumentProblem(
                "/numbers", "array of at least 2 and at most 4 items", "array of 1"));
    assertThat(problems("containers", BAG.replace("[\"a\",\"b\"]", "[\"a\",\"a\"]")))
        .containsExactly(
            new ArgumentProblem("/tags", "array of distinct items", "array with duplicates"));
    assertThat(problems("containers", BAG.replace("\"codes\":[1,2]", "\"codes\":[1,1]")))
        .containsExactly(
            new ArgumentProblem("/codes", "array, all distinct", "array of 2 with duplicates"));
    assertThat(problems("containers", BAG.replace("MON", "SUN")))
        .containsExactly(
            new ArgumentProblem(
                "/byDay/SUN", "property name, one of [MON, TUE, WED]", "unknown property"));
  }

  @Test
  void recursiveRecordsReadAtAnyDepth() throws Exception {
    String tree =
        "{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[{\"label\":\"c\","
            + "\"children\":[]}]}],\"next\":{\"label\":\"d\",\"children\":[]}}";
    assertThat(call("tree", tree)).isEqualTo("tree 4");
    assertThat(problems("tree", tree.replace("\"label\":\"c\"", "\"label\":3")))
        .containsExactly(new ArgumentProblem("/children/0/children/0/label", "string", "3"));
  }

  @Test
  void sealedInterfacesByDiscriminator() throws Exception {
    assertThat(
            call(
                "shapes",
                "{\"main\":{\"width\":2,\"kind\":\"rectangle\",\"height\":3},"
                    + "\"more\":[{\"kind\":\"dot\"},{\"kind\":\"circle\",\"radius\":1.5}]}"))
        .isEqualTo("shapes Rect[width=2, height=3] [Dot[], Circle[radius=1.5]]");
    assertThat(problems("shapes", "{\"main\":{\"radius\":1},\"more\":[]}"))
        .containsExactly(
            new ArgumentProblem("/main/kind", "one of [circle, rectangle, dot]", "missing"));
    assertThat(problems("shapes", "{\"main\":{\"kind\":\"square\"},\"more\":[]}"))
        .containsExactly(
            new ArgumentProblem("/main/kind", "one of [circle, rectangle, dot]", "\"square\""));
    assertThat(problems("shapes", "{\"main\":{\"kind\":\"circle\",\"radius\":0},\"more\":[]}"))
        .containsExactly(new ArgumentProblem("/main/radius", "number > 0", "0"));
    assertThat(problems("shapes", "{\"main\":{\"kind\":\"dot\",\"radius\":1},\"more\":[]}"))
        .containsExactly(new ArgumentProblem("/main/radius", "one of [kind]", "unknown property"));
  }

  private static final String FORMATS =
      "{\"id\":\"3fa85f64-5717-4562-b3fc-2c963f66afa6\",\"link\":\"https://example.com/a\","
          + "\"day\":\"2024-02-29\",\"time\":\"10:15:30\",\"local\":\"2024-01-31T10:15:30\","
          + "\"offset\":\"2024-01-31T10:00:00+01:00\",\"zoned\":\"2024-01-31T10:00:00Z\","
          + "\"instant\":\"2024-01-31T10:00:00.5Z\",\"duration\":\"PT1H30M\","
          + "\"amount\":12345678901234567890.125,\"big\":123456789012345678901234567890}";

  @Test
  void formattedValuesAndBigNumbers() throws Exception {
    assertThat(call("formats", FORMATS))
        .isEqualTo(
            "formats 3fa85f64-5717-4562-b3fc-2c963f66afa6 2024-02-29 PT1H30M"
                + " 12345678901234567890.125 123456789012345678901234567890");
    assertThat(problems("formats", FORMATS.replace("2024-02-29", "2023-02-29")))
        .containsExactly(new ArgumentProblem("/day", "string of format date", "\"2023-02-29\""));
    assertThat(problems("formats", FORMATS.replace("PT1H30M", "P1Y")).get(0).path())
        .isEqualTo("/duration");
    assertThat(problems("formats", FORMATS.replace("10:00:00+01:00", "10:00+01:00")).get(0).path())
        .isEqualTo("/offset");
    assertThat(problems("formats", FORMATS.replace("\"big\":1", "\"big\":-1")).get(0).path())
        .isEqualTo("/big");
    assertThat(problems("formats", FORMATS.replace("}", ",\"mail\":\"not an email\"}")))
        .containsExactly(
            new ArgumentProblem("/mail", "string of format email", "\"not an email\""));
  }

  @Test
  void optionalNumbersAndFreeFormJson() throws Exception {
    assertThat(call("loose", "{\"extra\":{\"any\":[1,\"two\",null]}}"))
        .isEqualTo(
            "loose OptionalInt.empty OptionalLong.empty OptionalDouble.empty"
                + " {\"any\":[1,\"two\",null]} Optional.empty");
    assertThat(call("loose", "{\"a\":1,\"b\":null,\"c\":2.5,\"extra\":7,\"day\":\"TUE\"}"))
        .isEqualTo("loose OptionalInt[1] OptionalLong.empty OptionalDouble[2.5] 7 Optional[TUE]");
    assertThat(problems("loose", "{\"a\":1.5}"))
        .containsExactly(
            new ArgumentProblem("/a", "integer", "1.5"),
            new ArgumentProblem("/extra", "any JSON value", "missing"));
  }

  @Test
  void beanValidationConstraintsAreRead() throws Exception {
    String form =
        "{\"form\":{\"name\":\"Ada\",\"email\":\"ada@example.com\",\"age\":36,\"budget\":10,"
            + "\"country\":\"GB\",\"interests\":[\"math\"]}}";
    form = form.replace("{\"form\":", "").replaceAll("}$", "");
    assertThat(call("sign_up", form)).isEqualTo("signed up Ada");
    assertThat(problems("sign_up", form.replace("\"Ada\"", "\"  \"")))
        .containsExactly(
            new ArgumentProblem("/name", "string of 1 to 20 characters, matching \\S", "\"  \""));
    assertThat(problems("sign_up", form.replace("36", "17")))
        .containsExactly(new ArgumentProblem("/age", "integer between 18 and 130", "17"));
    assertThat(problems("sign_up", form.replace("\"budget\":10", "\"budget\":0")))
        .containsExactly(new ArgumentProblem("/budget", "number > 0, <= 1000.5", "0"));
    assertThat(problems("sign_up", form.replace("GB", "GBR")))
        .containsExactly(
            new ArgumentProblem("/country", "string matching ^(?:[A-Z]{2})$", "\"GBR\""));
    assertThat(problems("sign_up", form.replace("[\"math\"]", "[]")))
        .containsExactly(
            new ArgumentProblem("/interests", "array of at least 1 items", "array of 0"));
    assertThat(problems("sign_up", form.replace("ada@example.com", "ada")).get(0).path())
        .isEqualTo("/email");
  }
}
