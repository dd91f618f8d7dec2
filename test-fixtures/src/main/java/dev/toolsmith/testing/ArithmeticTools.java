package dev.toolsmith.testing;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;

/** Arithmetic, compiled by the Toolsmith processor as a user's tools are. */
public final class ArithmeticTools {

  private ArithmeticTools() {}

  /**
   * Adds two whole numbers.
   *
   * @param a the first addend
   * @param b the second addend, not negative
   */
  @Tool(toolset = "math", emoji = "➕")
  public static int add(int a, @Param(minimum = 0) int b) {
    return a + b;
  }

  /**
   * Divides one whole number by another.
   *
   * @param dividend what is divided
   * @param divisor what it is divided by
   */
  @Tool(toolset = "math")
  public static int divide(int dividend, int divisor) {
    return dividend / divisor;
  }
}
