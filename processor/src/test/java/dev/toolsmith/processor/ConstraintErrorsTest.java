package dev.toolsmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.toolsmith.processor.CompileErrorsTest.assertOneError;
import static dev.toolsmith.processor.CompileErrorsTest.assertOneErrorContaining;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Compile errors of {@code @Param} constraints, each at the annotation value that sets the
 * constraint.
 */
final class ConstraintErrorsTest {

  @Test
  void patternThatDoesNotCompile() {
    assertOneErrorContaining(
        """
          /** Does it. */
          @Tool
          public static void find(@Param(
              pattern = "[a-") String text) {}
        """,
        "pattern = \"[a-\")",
        Message.PATTERN_INVALID,
        "@Param pattern must be an ECMA-262 regular expression, as JSON Schema's pattern is;"
            + " found \"[a-\"");
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
    assertOneErrorContaining(
        """
          /** Does it. */
          @Tool
          public static void find(
              @Param(pattern = "%s") String text) {}
        """
            .formatted(pattern),
        "@Param(pattern = ",
        Message.PATTERN_INVALID,
        "must be an ECMA-262 regular expression");
    assertOneErrorContaining(
        """
          /** Does it. */
          @Tool
          public static void find(
              @Param(pattern = "%s") String text) {}
        """
            .formatted(pattern),
        "@Param(pattern = ",
        Message.PATTERN_INVALID,
        why);
  }

  @Test
  void javaOnlyBeanValidationPatternIsAnErrorToo() {
    assertOneErrorContaining(
        """
          /** Does it. */
          @Tool
          public static void find(
              @jakarta.validation.constraints.Pattern(regexp = "(?i)[a-z]+") String text) {}
        """,
        "regexp = \"(?i)",
        Message.PATTERN_INVALID,
        "must be an ECMA-262 regular expression");
  }

  @Test
  void aDecimalBoundThatIsNoNumberIsAnErrorOnItsAnnotation() {
    assertOneErrorContaining(
        """
          /** Does it. */
          @Tool
          public static void spend(
              @jakarta.validation.constraints.DecimalMax("one hundred") double amount) {}
        """,
        "DecimalMax(\"one hundred\")",
        Message.DECIMAL_INVALID,
        "a decimal bound must be a decimal number such as 0.01 or -1e3; found \"one hundred\"");
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
        "@Param(minimum = 5",
        Message.BOUNDS_INVERTED,
        "5",
        "1");
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
        "minLength = 5",
        Message.LIMITS_INVERTED,
        "minLength",
        "maxLength",
        5,
        2);
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
        "defaultValue = \"ten\"",
        Message.VALUE_INVALID,
        "defaultValue",
        "int",
        "ten");
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
        "defaultValue = \"0\"",
        Message.VALUE_BREAKS_CONSTRAINTS,
        "defaultValue",
        "minimum",
        "0");
  }

  @Test
  void constraintThatDoesNotFitTheType() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void page(@Param(
              pattern = "\\\\d+") int size) {}
        """,
        "pattern = ",
        Message.CONSTRAINT_NOT_APPLICABLE,
        "pattern",
        "a string",
        "int size");
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void tags(@Param(
              minItems = 1) String tags) {}
        """,
        "minItems = 1",
        Message.CONSTRAINT_NOT_APPLICABLE,
        "minItems",
        "an array or collection",
        "java.lang.String tags");
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
        "String second",
        Message.JSON_NAME_DUPLICATE,
        "a");
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
        .hadWarningContaining(Message.STRICT_IMPOSSIBLE.text("map labels"))
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
        "format = \"hostname\"",
        Message.FORMAT_UNCHECKED,
        "hostname");
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
        "minimum = Double.NEGATIVE_INFINITY",
        Message.CONSTRAINT_NOT_FINITE,
        "minimum",
        "-Infinity");
  }
}
