package dev.toolsmith.testing;

import dev.toolsmith.annotations.Tool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/** A toolset behind an availability check the tests switch on and off. */
public final class WeatherTools {

  /** Whether the weather service is reachable. */
  public static final AtomicBoolean AVAILABLE = new AtomicBoolean(true);

  private WeatherTools() {}

  /** The check of the weather toolset. */
  public static final class Check implements BooleanSupplier {
    @Override
    public boolean getAsBoolean() {
      return AVAILABLE.get();
    }
  }

  /**
   * Tells the weather in a city.
   *
   * @param city the city's name
   */
  @Tool(toolset = "weather", check = Check.class)
  public static String weather(String city) {
    return "Sunny in " + city;
  }
}
