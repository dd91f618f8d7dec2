package dev.toolsmith.processor;

import static dev.toolsmith.processor.CompileErrorsTest.assertOneError;
import static dev.toolsmith.processor.CompileErrorsTest.assertOneErrorContaining;

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
        "MILE",
        Message.ENUM_JSON_NAME_DUPLICATE,
        "demo.T.Unit",
        "m");
  }

  @Test
  void aConstraintOnATypeArgumentIsAnErrorNotDropped() {
    assertOneErrorContaining(
        """
          /** Mails. */
          @Tool
          public static void mail(
              List<@jakarta.validation.constraints.Email String> to) {}
        """,
        "List<@jakarta",
        Message.TYPE_ARGUMENT_CONSTRAINT,
        "must not put @Email on a type argument or array element");
  }

  @Test
  void aSizeOnATypeArgumentIsAnErrorToo() {
    assertOneErrorContaining(
        """
          /** Tags. */
          @Tool
          public static void tag(
              List<@jakarta.validation.constraints.Size(max = 20) String> tags) {}
        """,
        "List<@jakarta",
        Message.TYPE_ARGUMENT_CONSTRAINT,
        "must not put @Size on a type argument or array element");
  }

  @Test
  void aToolClassConstructorThrowingACheckedExceptionIsAnErrorOnTheConstructor() {
    assertOneErrorContaining(
        """
          public T() throws java.io.IOException {}

          /** Reads. */
          @Tool
          public String read() { return ""; }
        """,
        "public T() throws",
        Message.CONSTRUCTOR_THROWS_CHECKED,
        "@Tool class demo.T must have a no-arg constructor that throws no checked exception");
  }

  @Test
  void aCheckConstructorThrowingACheckedExceptionIsAnErrorOnTheConstructor() {
    assertOneErrorContaining(
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
        "public Probe() throws",
        Message.CONSTRUCTOR_THROWS_CHECKED,
        "@Tool class demo.T.Probe must have a no-arg constructor that throws no checked exception");
  }
}
