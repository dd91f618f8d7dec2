package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.toolsmith.processor.CompileErrorsTest.assertOneError;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * The errors of sealed unions, count and step constraints and property names, and a processor
 * crash.
 */
final class MoreErrorsTest {

  @Test
  void aSealedInterfaceMayPermitOnlyRecords() {
    assertOneError(
        """
          public sealed interface Shape permits Circle, Square {}
          public record Circle(double radius) implements Shape {}
          public static final class Square implements Shape {}

          /** Draws. */
          @Tool
          public static void draw(Shape shape) {}
        """,
        "Shape shape",
        Message.UNION_VARIANT_NOT_RECORD,
        "demo.T.Square");
  }

  @Test
  void eachRecordOfAUnionNeedsItsOwnDiscriminatorValue() {
    assertOneError(
        """
          public sealed interface Shape permits Circle, Disc {}
          @dev.toolsmith.annotations.JsonName("round") public record Circle(double radius) implements Shape {}
          @dev.toolsmith.annotations.JsonName("round") public record Disc(double radius) implements Shape {}

          /** Draws. */
          @Tool
          public static void draw(Shape shape) {}
        """,
        "Shape shape",
        Message.UNION_VALUE_DUPLICATE,
        "round",
        "demo.T.Shape");
  }

  @Test
  void aRecordOfAUnionMayNotHaveAComponentNamedLikeTheDiscriminator() {
    assertOneError(
        """
          public sealed interface Shape permits Circle {}
          public record Circle(String type, double radius) implements Shape {}

          /** Draws. */
          @Tool
          public static void draw(Shape shape) {}
        """,
        "Shape shape",
        Message.UNION_DISCRIMINATOR_CLASH,
        "type",
        "demo.T.Circle");
  }

  @Test
  void aCountConstraintBelowMinusOneIsAnErrorOnTheValue() {
    assertOneError(
        """
          /** Finds. */
          @Tool
          public static void find(@Param(minLength = -2) String text) {}
        """,
        "minLength = -2",
        Message.LIMIT_NEGATIVE,
        "minLength",
        -2);
  }

  @Test
  void aStepThatIsNotPositiveIsAnErrorOnTheValue() {
    assertOneError(
        """
          /** Steps. */
          @Tool
          public static void step(@Param(multipleOf = -0.5) double by) {}
        """,
        "multipleOf = -0.5",
        Message.MULTIPLE_OF_INVALID,
        "-0.5");
  }

  @Test
  void aBlankPropertyNameIsAnErrorOnTheValue() {
    assertOneError(
        """
          /** Finds. */
          @Tool
          public static void find(@Param(name = " ") String text) {}
        """,
        "name = \" \"",
        Message.JSON_NAME_INVALID,
        " ");
  }

  @Test
  void aCrashIsOneErrorWithTheStackTraceNotAJavacFailure() {
    List<String> printed = new ArrayList<>();
    Messager messager =
        new Messager() {
          @Override
          public void printMessage(Diagnostic.Kind kind, CharSequence message) {
            printed.add(kind + ": " + message);
          }

          @Override
          public void printMessage(Diagnostic.Kind kind, CharSequence message, Element e) {
            printMessage(kind, message);
          }

          @Override
          public void printMessage(
              Diagnostic.Kind kind, CharSequence message, Element e, AnnotationMirror a) {
            printMessage(kind, message);
          }

          @Override
          public void printMessage(
              Diagnostic.Kind kind,
              CharSequence message,
              Element e,
              AnnotationMirror a,
              AnnotationValue v) {
            printMessage(kind, message);
          }
        };

    new Diagnostics(messager).crash(new IllegalStateException("boom"));

    assertThat(printed).hasSize(1);
    assertThat(printed.get(0))
        .startsWith(
            "ERROR: " + Message.PROCESSOR_FAILED.text("java.lang.IllegalStateException: boom"));
    assertThat(printed.get(0)).contains("at dev.toolsmith.processor.MoreErrorsTest");
  }
}
