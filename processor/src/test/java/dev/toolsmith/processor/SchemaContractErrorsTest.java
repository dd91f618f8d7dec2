package dev.toolsmith.processor;

import static dev.toolsmith.processor.CompileErrorsTest.assertOneError;

import org.junit.jupiter.api.Test;

/**
 * Compile errors for what would otherwise break the schema's contract silently or fail in generated
 * code: repeated enum JSON names, constraints on type arguments, constructors throwing checked
 * exceptions.
 */
final class SchemaContractErrorsTest {

  @Test
  void twoEnumConstantsWithOneJsonNameAreAnErrorOnTheSecond() {
    assertOneError(
        """
          public enum Unit {
            @dev.toolsmith.annotations.JsonName("m") METER,
            @dev.toolsmith.annotations.JsonName("m") MILE
          }

          /** Converts. */
          @Tool
          public static void convert(Unit unit) {}
        """,
        String.format(Messages.ENUM_JSON_NAME_DUPLICATE, "demo.T.Unit", "m"),
        "MILE");
  }

  @Test
  void aConstraintOnATypeArgumentIsAnErrorNotDropped() {
    assertOneError(
        """
          /** Mails. */
          @Tool
          public static void mail(
              List<@jakarta.validation.constraints.Email String> to) {}
        """,
        "must not put @Email on a type argument or array element",
        "List<@jakarta");
  }

  @Test
  void aSizeOnATypeArgumentIsAnErrorToo() {
    assertOneError(
        """
          /** Tags. */
          @Tool
          public static void tag(
              List<@jakarta.validation.constraints.Size(max = 20) String> tags) {}
        """,
        "must not put @Size on a type argument or array element",
        "List<@jakarta");
  }

  @Test
  void aToolClassConstructorThrowingACheckedExceptionIsAnErrorOnTheConstructor() {
    assertOneError(
        """
          public T() throws java.io.IOException {}

          /** Reads. */
          @Tool
          public String read() { return ""; }
        """,
        "@Tool class demo.T must have a no-arg constructor that throws no checked exception",
        "public T() throws");
  }

  @Test
  void aCheckConstructorThrowingACheckedExceptionIsAnErrorOnTheConstructor() {
    assertOneError(
        """
          public static final class Probe implements java.util.function.BooleanSupplier {
            public Probe() throws Exception {}

            @Override
            public boolean getAsBoolean() { return true; }
          }

          /** Reads. */
          @Tool(check = Probe.class)
          public static String read() { return ""; }
        """,
        "@Tool class demo.T.Probe must have a no-arg constructor that throws no checked exception",
        "public Probe() throws");
  }
}
