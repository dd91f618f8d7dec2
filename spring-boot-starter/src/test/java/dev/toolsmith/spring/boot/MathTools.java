package dev.toolsmith.spring.boot;

import dev.toolsmith.annotations.Tool;

/** Static tools: no bean needed. */
public final class MathTools {

  private MathTools() {}

  /**
   * Adds two whole numbers.
   *
   * @param a the first addend
   * @param b the second addend
   */
  @Tool(toolset = "math")
  public static int add(int a, int b) {
    return a + b;
  }

  /**
   * Repeats a letter.
   *
   * @param times how many times
   */
  @Tool(toolset = "text")
  public static String repeat(int times) {
    return "x".repeat(times);
  }
}
