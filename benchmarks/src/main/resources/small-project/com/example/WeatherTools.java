package com.example;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.util.List;

/** Weather: the getting-started page's tool and one like it. */
public final class WeatherTools {
  /** How bad an alert is. */
  public enum Severity {
    MINOR,
    SEVERE,
    EXTREME
  }

  /** One weather alert. */
  public record Alert(String region, Severity severity, String text) {}

  /**
   * Tells the weather in a city for the next days.
   *
   * @param city the city, such as Lyon
   * @param days how many days ahead, 1 to 7
   */
  @Tool(toolset = "weather")
  public static String forecast(String city, @Param(minimum = 1, maximum = 7) int days) {
    return "sunny in " + city + " for " + days + " days";
  }

  /**
   * Lists the weather alerts of a region at or above a severity.
   *
   * @param region the region, such as Auvergne-Rhone-Alpes
   * @param atLeast the lowest severity to list
   */
  @Tool(toolset = "weather")
  public static List<Alert> alerts(String region, Severity atLeast) {
    return List.of(new Alert(region, atLeast, "wind"));
  }
}
