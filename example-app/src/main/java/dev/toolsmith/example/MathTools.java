package dev.toolsmith.example;

import dev.toolsmith.annotations.Hint;
import dev.toolsmith.annotations.Tool;

/** The {@code math} toolset: arithmetic the model should not do in its head. */
public final class MathTools {

  private MathTools() {}

  /**
   * An evaluated expression.
   *
   * @param expression the expression as given
   * @param value its value
   */
  public record Calculation(String expression, double value) {}

  /**
   * Evaluates an arithmetic expression: + - * / % ^, parentheses, pi, e, and the functions abs,
   * sqrt, cbrt, exp, ln, log10, sin, cos, tan, floor, ceil, round, min, max.
   *
   * @param expression the expression, e.g. {@code (2 + 3) * 4 ^ 2 / sqrt(16)}
   */
  @Tool(
      toolset = "math",
      emoji = "🧮",
      title = "Calculator",
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE)
  public static Calculation calculate(String expression) {
    return new Calculation(expression, Calculator.evaluate(expression));
  }
}
