package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.testing.compile.Compilation;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Example arguments of whole calls: {@code @Tool(examples)}, else made from
 * {@code @Param(examples)}, checked against the generated schema at compile time and sent as
 * Anthropic's {@code input_examples}; the other forms, whose providers have no such field, stay as
 * they were.
 */
final class InputExamplesTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;

  private static final String WEATHER =
      """
      package demo;

      import dev.toolsmith.annotations.Param;
      import dev.toolsmith.annotations.Tool;
      import java.util.Optional;

      public class Weather {
        /** Forecasts the weather. */
        @Tool(examples = {
            "{\\"city\\": \\"Paris\\", \\"days\\": 3}",
            "{\\"city\\": \\"Tokyo\\", \\"days\\": 1, \\"unit\\": \\"fahrenheit\\"}"})
        public static String forecast(
            String city, @Param(maximum = 14) int days, Optional<Unit> unit) {
          return city;
        }

        /** Tells the time in a city. */
        @Tool
        public static String time(
            @Param(examples = {"Lima", "Oslo"}) String city,
            @Param(examples = {"iso", "words", "unix"}, required = false) String style,
            @Param(examples = {"true"}) boolean dst) {
          return city;
        }

        /** Says hello. */
        @Tool
        public static String hello(String name) {
          return name;
        }

        public enum Unit { celsius, fahrenheit }
      }
      """;

  private Map<String, ToolEntry> compileAndLoad(JavaFileObject source) throws Exception {
    Compilation compilation = Compiled.compile(source);
    URLClassLoader loader = Compiled.loader(Compiled.writeClassOutput(compilation, dir));
    return Compiled.tools(loader, Bindings.none());
  }

  private static JsonNode anthropic(ToolEntry entry) throws Exception {
    return MAPPER.readTree(DefinitionFormat.ANTHROPIC.definition(entry.definition()));
  }

  @Test
  void toolExamplesAreAnthropicsInputExamplesAndTheSdkReadsThem() throws Exception {
    Map<String, ToolEntry> tools =
        compileAndLoad(CompileErrorsTest.source("demo.Weather", WEATHER));
    ToolEntry forecast = tools.get("forecast");
    assertThat(forecast.definition().inputExamples())
        .containsExactly(
            "{\"city\":\"Paris\",\"days\":3}",
            "{\"city\":\"Tokyo\",\"days\":1,\"unit\":\"fahrenheit\"}")
        .inOrder();
    JsonNode definition = anthropic(forecast);
    assertThat(definition.get("input_examples"))
        .isEqualTo(
            MAPPER.readTree(
                "[{\"city\":\"Paris\",\"days\":3},"
                    + "{\"city\":\"Tokyo\",\"days\":1,\"unit\":\"fahrenheit\"}]"));
    com.anthropic.models.messages.Tool sdk =
        com.anthropic.core.ObjectMappers.jsonMapper()
            .readValue(definition.toString(), com.anthropic.models.messages.Tool.class)
            .validate();
    assertThat(sdk.inputExamples().orElseThrow()).hasSize(2);
    assertThat(sdk._additionalProperties()).isEmpty();
  }

  @Test
  void paramExamplesMakeWholeCallsWhileEveryRequiredPropertyHasOne() throws Exception {
    Map<String, ToolEntry> tools =
        compileAndLoad(CompileErrorsTest.source("demo.Weather", WEATHER));
    // city and dst are required: dst has one example, so one call is made; style joins it
    assertThat(tools.get("time").definition().inputExamples())
        .containsExactly("{\"city\":\"Lima\",\"style\":\"iso\",\"dst\":true}");
    assertThat(anthropic(tools.get("hello")).has("input_examples")).isFalse();
  }

  @Test
  void theOtherFormsCarryNoExamplesOfWholeCalls() throws Exception {
    Map<String, ToolEntry> tools =
        compileAndLoad(CompileErrorsTest.source("demo.Weather", WEATHER));
    for (DefinitionFormat format : DefinitionFormat.values()) {
      String text = format.definition(tools.get("forecast").definition());
      assertThat(text.contains("input_examples") || text.contains("Paris"))
          .isEqualTo(format == DefinitionFormat.ANTHROPIC);
    }
  }

  @Test
  void anExampleThatDoesNotFitTheSchemaIsAnErrorAtTheExample() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.Bad",
            """
            package demo;

            import dev.toolsmith.annotations.Param;
            import dev.toolsmith.annotations.Tool;

            public class Bad {
              /** Forecasts the weather. */
              @Tool(examples = {
                  "{\\"city\\": \\"Paris\\", \\"days\\": 3}",
                  "{\\"city\\": \\"Rome\\", \\"days\\": 30}"})
              public static String forecast(String city, @Param(maximum = 14) int days) {
                return city;
              }
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(source);
    assertThat(compilation).failed();
    Diagnosed.exactlyOne(
        compilation,
        source,
        "Rome",
        Message.EXAMPLE_INVALID,
        "{\"city\": \"Rome\", \"days\": 30}",
        "at /days: expected a number (maximum 14); found 30");
  }

  @Test
  void aMissingRequiredPropertyAnUnknownOneAndAWrongTypeAreNamedByTheirPointer() {
    for (List<String> example :
        List.of(
            List.of("{\\\"days\\\": 3}", "at /city: expected a required property; found none"),
            List.of(
                "{\\\"city\\\": \\\"Oslo\\\", \\\"days\\\": 3, \\\"dayz\\\": 1}",
                "at /dayz: expected one of the properties [\"city\",\"days\"]; found another one"),
            List.of(
                "{\\\"city\\\": \\\"Oslo\\\", \\\"days\\\": \\\"3\\\"}",
                "at /days: expected integer; found \"3\""),
            List.of("[1, 2]", "at the top: expected object; found [1,2]"))) {
      JavaFileObject source =
          CompileErrorsTest.source(
              "demo.Bad",
              "package demo;\n"
                  + "import dev.toolsmith.annotations.Tool;\n"
                  + "public class Bad {\n"
                  + "  /** Forecasts the weather. */\n"
                  + "  @Tool(examples = \""
                  + example.get(0)
                  + "\") // here\n"
                  + "  public static String forecast(String city, int days) { return city; }\n"
                  + "}\n");
      Compilation compilation = CompileErrorsTest.compile(source);
      assertThat(compilation).failed();
      Diagnosed.exactlyOne(
          compilation,
          source,
          "// here",
          Message.EXAMPLE_INVALID,
          example.get(0).replace("\\\"", "\""),
          example.get(1));
    }
  }

  @Test
  void anExampleThatIsNotJsonIsAnErrorAtTheExample() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.Bad",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class Bad {
              /** Forecasts the weather. */
              @Tool(examples = "{city: Paris}")
              public static String forecast(String city) {
                return city;
              }
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(source);
    assertThat(compilation).failed();
    Diagnosed.exactlyOneContaining(
        compilation,
        source,
        "{city: Paris}",
        Message.EXAMPLE_NOT_JSON,
        "@Tool examples must each be one JSON object of arguments; found {city: Paris}, which is"
            + " not JSON: Unexpected character ('c'");
  }

  @Test
  void aParamExampleOutsideItsFormatIsAnErrorAtTheParam() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.Mail",
            """
            package demo;

            import dev.toolsmith.annotations.Param;
            import dev.toolsmith.annotations.Tool;

            public class Mail {
              /** Sends mail. */
              @Tool
              public static String send(
                  @Param(format = "email", examples = {"ada@example.com", "nobody"}) String to) {
                return to;
              }
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(source);
    assertThat(compilation).failed();
    Diagnosed.exactlyOne(
        compilation,
        source,
        "\"nobody\"",
        Message.VALUE_BREAKS_CONSTRAINTS,
        "examples",
        "format email",
        "nobody");
  }
}
