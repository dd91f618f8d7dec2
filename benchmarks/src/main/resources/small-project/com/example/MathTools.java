package com.example;

import dev.toolsmith.annotations.Tool;
import java.util.List;

/** Numbers: doubles, enums and lists of numbers. */
public final class MathTools {
  /** A unit of length. */
  public enum Unit {
    METRE,
    FOOT,
    MILE
  }

  /** Summary statistics. */
  public record Stats(int count, double mean, double min, double max) {}

  /**
   * Converts a length between units.
   *
   * @param value the length
   * @param from its unit
   * @param to the unit wanted
   */
  @Tool(toolset = "math")
  public static double convert(double value, Unit from, Unit to) {
    return value;
  }

  /**
   * Summarises a list of numbers.
   *
   * @param values the numbers
   */
  @Tool(toolset = "math")
  public static Stats stats(List<Double> values) {
    double sum = 0;
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (double v : values) {
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return new Stats(values.size(), values.isEmpty() ? 0 : sum / values.size(), min, max);
  }
}
