package com.example.weather;

import dev.toolsmith.annotations.BindInstance;
import dev.toolsmith.annotations.Tool;
import org.springframework.stereotype.Component;

/** Tools about the weather: a Spring bean, its dependencies injected. */
@Component
@BindInstance
public class WeatherTools {
  private final Forecasts forecasts;

  public WeatherTools(Forecasts forecasts) {
    this.forecasts = forecasts;
  }

  /**
   * Tells today's weather in a city.
   *
   * @param city the city's name, e.g. Paris
   */
  @Tool(toolset = "weather")
  public String weather(String city) {
    return forecasts.today(city);
  }
}
