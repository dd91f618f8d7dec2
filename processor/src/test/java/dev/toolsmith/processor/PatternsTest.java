package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a schema pattern says and what the reader does agree: {@code @Pattern} regexps, {@code
 * Duration} (RFC 3339 Appendix A, days and times), each judged by an independent ECMA-262 validator
 * and by a real call.
 */
final class PatternsTest {

  private static final Path SUITE =
      Path.of(System.getProperty("toolsmith.suite", "/work/shared/json-schema-test-suite"));

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final JavaFileObject SOURCE =
      JavaFileObjects.forSourceString(
          "demo.p.Patterns",
          """
          package demo.p;

          import dev.toolsmith.annotations.Tool;
          import jakarta.validation.constraints.Pattern;
          import java.time.Duration;

          public final class Patterns {
            /** Codes. */
            @Tool
            public static String codes(
                @Pattern(regexp = "^[A-Z]{3}$") String code,
                @Pattern(regexp = "^a|b$") String either,
                @Pattern(regexp = "[a-z]+") String word,
                @Pattern(regexp = "^(x|y)$") String group) {
              return "ok";
            }

            /** Waits. */
            @Tool
            public static String pause(Duration d) {
              return d.toString();
            }
          }
          """);

  private static URLClassLoader loader;
  private static Map<String, ToolEntry> tools;

  @BeforeAll
  static void compile(@TempDir Path dir) {
    loader = Compiled.loader(Compiled.writeClassOutput(Compiled.compile(SOURCE), dir));
    tools = Compiled.tools(loader, Bindings.none());
  }

  @AfterAll
  static void close() throws Exception {
    loader.close();
  }

  @Test
  void anAnchoredPatternIsWrittenAsItIsAndOthersAreWrapped() throws Exception {
    JsonNode properties = JSON.readTree(tools.get("codes").definition().schema()).get("properties");
    assertThat(properties.at("/code/pattern").asText()).isEqualTo("^[A-Z]{3}$");
    // "^a|b$" is "starts with a" or "ends with b": only wrapping makes it whole-text.
    assertThat(properties.at("/either/pattern").asText()).isEqualTo("^(?:^a|b$)$");
    assertThat(properties.at("/word/pattern").asText()).isEqualTo("^(?:[a-z]+)$");
    assertThat(properties.at("/group/pattern").asText()).isEqualTo("^(x|y)$");
  }

  @Test
  void patternsMatchTheWholeTextAsBeanValidationDoes() throws Exception {
    Map<String, String> regexps =
        Map.of("code", "^[A-Z]{3}$", "either", "^a|b$", "word", "[a-z]+", "group", "^(x|y)$");
    Map<String, String> valid = Map.of("code", "ABC", "either", "a", "word", "w", "group", "x");
    List<String> texts =
        List.of("ABC", "ABCD", "xABC", "abc", "a", "b", "ab", "xb", "ax", "x", "y", "xy", "ABC\n");
    com.networknt.schema.Schema schema = Validator.schema(tools.get("codes").definition().schema());
    for (String property : regexps.keySet()) {
      for (String text : texts) {
        Map<String, String> arguments = new java.util.TreeMap<>(valid);
        arguments.put(property, text);
        String json = JSON.writeValueAsString(arguments);
        boolean bean = Pattern.compile(regexps.get(property)).matcher(text).matches();
        assertWithMessage(property + " " + json + " by the schema")
            .that(Validator.accepts(schema, json))
            .isEqualTo(bean);
        assertWithMessage(property + " " + json + " by the reader")
            .that(reads("codes", json))
            .isEqualTo(bean);
      }
    }
  }

  @Test
  void aDurationIsTheDayAndTimePartOfTheRfcGrammarInSchemaAndReader() throws Exception {
    String pattern =
        JSON.readTree(tools.get("pause").definition().schema())
            .at("/properties/d/pattern")
            .asText();
    com.networknt.schema.Schema byPattern =
        Validator.schema(
            "{\"type\":\"string\",\"pattern\":" + JSON.writeValueAsString(pattern) + "}");
    List<String> texts = new ArrayList<>();
    List<Boolean> rfc = new ArrayList<>();
    for (JsonNode group : JSON.readTree(SUITE.resolve("optional/format/duration.json").toFile())) {
      for (JsonNode test : group.get("tests")) {
        if (test.get("data").isTextual()) {
          texts.add(test.get("data").asText());
          rfc.add(test.get("valid").asBoolean());
        }
      }
    }
    assertThat(texts.size()).isAtLeast(40);
    // Hours are followed only by minutes; letters of either case, as the ABNF reads them.
    List<String> extraValid = List.of("PT1H1M1S", "P1DT1H1M1S", "p1dt2h", "pt5s", "P1DT1M");
    List<String> extraInvalid = List.of("PT1H1S", "P1DT1H1S", "P1DT", "PT1H1M1S1H", "P1DT1S1M");
    texts.addAll(extraValid);
    extraValid.forEach(t -> rfc.add(true));
    texts.addAll(extraInvalid);
    extraInvalid.forEach(t -> rfc.add(false));
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      // A java.time.Duration holds no years, months or weeks.
      boolean dayTime = rfc.get(i) && !text.toUpperCase().matches("P[^T]*[YMW].*");
      String json = JSON.writeValueAsString(text);
      // The suite's 79-digit day count overflows a Duration: the pattern allows 14 digits a part.
      boolean fits = !text.matches(".*\\d{15,}.*");
      assertWithMessage("pattern on " + json)
          .that(Validator.accepts(byPattern, json))
          .isEqualTo(dayTime && fits);
      assertWithMessage("reader on " + json)
          .that(reads("pause", "{\"d\":" + json + "}"))
          .isEqualTo(dayTime && fits);
    }
  }

  @Test
  void aDurationsPatternAndReaderAcceptTheSameGeneratedTexts() throws Exception {
    String pattern =
        JSON.readTree(tools.get("pause").definition().schema())
            .at("/properties/d/pattern")
            .asText();
    com.networknt.schema.Schema byPattern =
        Validator.schema(
            "{\"type\":\"string\",\"pattern\":" + JSON.writeValueAsString(pattern) + "}");
    java.util.Random random = new java.util.Random(36);
    int accepted = 0;
    for (int i = 0; i < 3000; i++) {
      String json = JSON.writeValueAsString(durationLike(random));
      // The judge is the schema's pattern under an ECMA-262 engine, never the reader.
      boolean byEcma = Validator.accepts(byPattern, json);
      accepted += byEcma ? 1 : 0;
      assertWithMessage("reader on " + json)
          .that(reads("pause", "{\"d\":" + json + "}"))
          .isEqualTo(byEcma);
    }
    assertThat(accepted).isIn(com.google.common.collect.Range.closed(600, 2400));
  }

  /**
   * A text near the Duration grammar: parts in order or not, either case, digit runs from 1 to 25
   * digits (a Duration overflows past about 15), and now and then a sign, a fraction, a space, a
   * non-ASCII digit or a letter of the period grammar.
   */
  private static String durationLike(java.util.Random random) {
    StringBuilder text = new StringBuilder();
    if (random.nextInt(20) == 0) {
      text.append(random.nextBoolean() ? '-' : '+');
    }
    text.append(random.nextBoolean() ? 'P' : 'p');
    List<String> units = new ArrayList<>(List.of("D", "T", "H", "M", "S"));
    if (random.nextInt(5) == 0) {
      java.util.Collections.shuffle(units, random);
    }
    for (String unit : units) {
      if (random.nextInt(3) == 0) {
        continue;
      }
      if (!unit.equals("T")) {
        text.append(digits(random));
        if (random.nextInt(25) == 0) {
          text.append(random.nextBoolean() ? ".5" : ",25");
        }
      }
      String letter = random.nextInt(30) == 0 ? "YWX".charAt(random.nextInt(3)) + "" : unit;
      text.append(random.nextBoolean() ? letter : letter.toLowerCase(java.util.Locale.ROOT));
    }
    if (random.nextInt(40) == 0) {
      text.insert(random.nextInt(text.length() + 1), random.nextBoolean() ? " " : "\n");
    }
    return text.toString();
  }

  private static String digits(java.util.Random random) {
    int length = random.nextInt(4) == 0 ? 1 + random.nextInt(25) : 1 + random.nextInt(3);
    StringBuilder digits = new StringBuilder();
    for (int i = 0; i < length; i++) {
      digits.append(random.nextInt(60) == 0 ? '\u0663' : (char) ('0' + random.nextInt(10)));
    }
    return digits.toString();
  }

  /** Whether {@code tool} reads {@code arguments} (a call that does not fail on them). */
  private static boolean reads(String tool, String arguments) throws Exception {
    try {
      Compiled.call(tools.get(tool), arguments, ToolContext.empty());
      return true;
    } catch (InvalidArgumentsException refused) {
      return false;
    }
  }
}
