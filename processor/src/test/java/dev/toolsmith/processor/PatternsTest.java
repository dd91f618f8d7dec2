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
      assertWithMessage("pattern on " + json)
          .that(Validator.accepts(byPattern, json))
          .isEqualTo(dayTime);
      boolean fits = text.length() < 30; // the suite's 79-digit day count overflows a Duration
      assertWithMessage("reader on " + json)
          .that(reads("pause", "{\"d\":" + json + "}"))
          .isEqualTo(dayTime && fits);
    }
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
