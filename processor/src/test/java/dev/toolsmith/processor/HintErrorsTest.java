package dev.toolsmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Compile errors of {@code @Param} hints, each at the annotation value that sets the hint. */
final class HintErrorsTest {

  private static void assertOneError(String body, String message, String line) {
    CompileErrorsTest.assertOneError(body, message, line);
  }

  @Test
  void patternThatDoesNotCompile() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void find(@Param(
              pattern = "[a-") String text) {}
        """,
        "@Param pattern must be an ECMA-262 regular expression, as JSON Schema's pattern is;"
            + " found \"[a-\"",
        "pattern = \"[a-\")");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "(?i)abc|inline flags",
        "a++|possessive quantifiers are Java-only",
        "\\\\Aabc|'\\A' is not an ECMA-262 escape (it is Java-only)",
        "abc\\\\Z|'\\Z' is not an ECMA-262 escape (it is Java-only)",
        "\\\\p{javaLowerCase}|(it is Java-only)",
        "[a-z&&[^e]]|intersection",
        "(?>a)|atomic groups"
      })
  void javaOnlyPatternSyntaxIsAnErrorOnTheValue(String pattern, String why) {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void find(
              @Param(pattern = "%s") String text) {}
        """
            .formatted(pattern),
        "must be an ECMA-262 regular expression",
        "@Param(pattern = ");
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void find(
              @Param(pattern = "%s") String text) {}
        """
            .formatted(pattern),
        why,
        "@Param(pattern = ");
  }

  @Test
  void javaOnlyBeanValidationPatternIsAnErrorToo() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void find(
              @jakarta.validation.constraints.Pattern(regexp = "(?i)[a-z]+") String text) {}
        """,
        "must be an ECMA-262 regular expression",
        "regexp = \"(?i)");
  }

  @Test
  void aDecimalBoundThatIsNoNumberIsAnErrorOnItsAnnotation() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void spend(
              @jakarta.validation.constraints.DecimalMax("one hundred") double amount) {}
        """,
        "a decimal bound must be a decimal number such as 0.01 or -1e3; found \"one hundred\"",
        "DecimalMax(\"one hundred\")");
  }

  @Test
  void minimumAboveMaximum() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void pick(@Param(minimum = 5,
              maximum = 1) int n) {}
        """,
        String.format(Messages.BOUNDS_INVERTED, "5", "1"),
        "@Param(minimum = 5");
  }

  @Test
  void lengthsInverted() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void name(@Param(
              minLength = 5, maxLength = 2) String text) {}
        """,
        String.format(Messages.LIMITS_INVERTED, "minLength", "maxLength", 5, 2),
        "minLength = 5");
  }

  @Test
  void defaultThatDoesNotParse() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void page(@Param(
              defaultValue = "ten") int size) {}
        """,
        String.format(Messages.VALUE_INVALID, "defaultValue", "int", "ten"),
        "defaultValue = \"ten\"");
  }

  @Test
  void defaultThatBreaksItsOwnConstraints() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void page(@Param(minimum = 1,
              defaultValue = "0") int size) {}
        """,
        String.format(Messages.VALUE_BREAKS_HINTS, "defaultValue", "minimum", "0"),
        "defaultValue = \"0\"");
  }

  @Test
  void hintThatDoesNotFitTheType() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void page(@Param(
              pattern = "\\\\d+") int size) {}
        """,
        String.format(Messages.HINT_NOT_APPLICABLE, "pattern", "a string", "int size"),
        "pattern = ");
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void tags(@Param(
              minItems = 1) String tags) {}
        """,
        String.format(
            Messages.HINT_NOT_APPLICABLE,
            "minItems",
            "an array or collection",
            "java.lang.String tags"),
        "minItems = 1");
  }

  @Test
  void jsonNameUsedTwice() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void pair(@Param(name = "a") String first,
              @Param(name = "a") String second) {}
        """,
        String.format(Messages.JSON_NAME_DUPLICATE, "a"),
        "String second");
  }

  @Test
  void strictToolWithAnOpenMapWarnsAndStaysNonStrict() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.S",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;
            import java.util.Map;

            public class S {
              /** Does it. */
              @Tool(
                  strict = true)
              public static void tag(Map<String, String> labels) {}
            }
            """);
    Compilation compilation = javac().withProcessors(Compiled.processors()).compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(String.format(Messages.STRICT_IMPOSSIBLE, "map labels"))
        .inFile(source)
        .onLineContaining("strict = true");
  }

  @Test
  void formatTheReaderDoesNotCheck() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void ping(@Param(
              format = "hostname") String host) {}
        """,
        String.format(Messages.FORMAT_UNCHECKED, "hostname"),
        "format = \"hostname\"");
  }

  @Test
  void infiniteBoundIsACompileError() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void pick(@Param(
              minimum = Double.NEGATIVE_INFINITY) double x) {}
        """,
        String.format(Messages.HINT_NOT_FINITE, "minimum", "-Infinity"),
        "minimum = Double.NEGATIVE_INFINITY");
  }
}
