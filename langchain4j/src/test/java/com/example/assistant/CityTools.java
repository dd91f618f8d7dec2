package com.example.assistant;

import dev.toolsmith.annotations.Tool;

/** Tools about cities; static methods need no instance. */
public final class CityTools {
  private CityTools() {}

  /**
   * Tells today's weather in a city.
   *
   * @param city the city's name, e.g. Paris
   */
  @Tool(toolset = "cities")
  public static String weatherIn(String city) {
    return "Sunny, 21 °C in " + city;
  }
}
