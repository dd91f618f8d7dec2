package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class CalculatorTest {

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1 + 2 * 3             | 7",
        "(1 + 2) * 3           | 9",
        "10 - 4 - 3            | 3",
        "2 * 3 % 4             | 2",
        "7 % 3                 | 1",
        "-2 ^ 2                | -4",
        "(-2) ^ 2              | 4",
        "2 ^ 3 ^ 2             | 512",
        "2 ^ -1                | 0.5",
        "--3                   | 3",
        "-(1 + 2) * +4         | -12",
        "1.5e3 / 3             | 500",
        ".5 + 1.               | 1.5",
        "sqrt(16) + abs(-3)    | 7",
        "min(4, 2, 8) + max(1, 5) | 7",
        "round(2.5) + floor(-1.5) + ceil(1.2) | 3",
        "ln(e) + log10(1000)   | 4",
        "cos(0) + sin(0) + exp(0) | 2",
        "2340 * 17 / 100       | 397.8",
        "  PI - pi             | 0",
      })
  void evaluates(String expression, double expected) {
    assertEquals(expected, Calculator.evaluate(expression), 1e-9);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1 +                | expression ends too early at position 4",
        "(1 + 2             | missing ')' at position 7",
        "1 / 0              | division by zero at position 3",
        "5 % (2 - 2)        | modulo by zero at position 3",
        "2 3                | unexpected '3' at position 3",
        "2e                 | unexpected 'e' at position 2",
        "foo(1)             | unknown function 'foo'; known: abs, sqrt, cbrt, exp, ln, log10, sin, cos, tan, floor, ceil, round, min, max at position 1",
        "x + 1              | unknown constant 'x'; known: pi, e at position 1",
        "sqrt(1, 2)         | sqrt() takes 1 argument, got 2 at position 1",
        "sqrt(-1)           | sqrt of a negative number at position 1",
        "ln(0)              | ln of a number <= 0 at position 1",
        "min()              | min() needs at least one argument at position 1",
        "1 $ 2              | unexpected '$' at position 3",
        "10 ^ 400           | result is not a finite number",
        "1..2               | bad number '1..2' at position 1",
      })
  void explainsErrorsWithAPosition(String expression, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Calculator.evaluate(expression));
    assertEquals(message, e.getMessage());
  }

  @Test
  void refusesEmptyInput() {
    assertEquals(
        "expression is empty",
        assertThrows(IllegalArgumentException.class, () -> Calculator.evaluate("   "))
            .getMessage());
  }

  @Test
  void boundsInputLength() {
    String longest = "11" + "+1".repeat((Calculator.MAX_LENGTH - 2) / 2);
    assertEquals(Calculator.MAX_LENGTH, longest.length());
    assertEquals(510, Calculator.evaluate(longest), 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Calculator.evaluate(longest + "+"));
    assertEquals("expression is longer than 1000 characters", e.getMessage());
  }

  @Test
  void boundsNestingDepth() {
    int depth = Calculator.MAX_DEPTH - 1;
    assertEquals(1, Calculator.evaluate("(".repeat(depth) + "1" + ")".repeat(depth)), 0);
    String tooDeep = "(".repeat(Calculator.MAX_DEPTH) + "1" + ")".repeat(Calculator.MAX_DEPTH);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Calculator.evaluate(tooDeep));
    assertEquals("expression is nested deeper than 64 levels at position 65", e.getMessage());
    // Unary minus chains and exponent towers nest too: none of them can overflow the stack.
    assertThrows(IllegalArgumentException.class, () -> Calculator.evaluate("-".repeat(500) + "1"));
    assertThrows(IllegalArgumentException.class, () -> Calculator.evaluate("2" + "^2".repeat(400)));
  }
}
