package dev.toolsmith.opentelemetry;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import io.opentelemetry.api.trace.Span;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Tools compiled by the processor, as a user's are, for the telemetry tests. */
public final class WeatherTools {

  /** The span id that was current while {@code forecast} ran. */
  static final AtomicReference<String> SPAN_IN_TOOL = new AtomicReference<>("");

  private WeatherTools() {}

  /**
   * A forecast of one city.
   *
   * @param city the city's name
   * @param days how many days ahead
   */
  public record Forecast(String city, int days) {}

  /**
   * The forecast for a city.
   *
   * @param city the city's name
   * @param days how many days ahead
   */
  @Tool(toolset = "weather")
  public static Forecast forecast(String city, @Param(minimum = 1, maximum = 7) int days) {
    SPAN_IN_TOOL.set(Span.current().getSpanContext().getSpanId());
    return new Forecast(city, days);
  }

  /**
   * Warnings for a region, which the weather service cannot give now.
   *
   * @param region the region
   */
  @Tool(toolset = "weather")
  public static String warnings(String region) {
    throw new IllegalStateException("weather service down");
  }

  /**
   * A radar image, rendered elsewhere.
   *
   * @param region the region
   */
  @Tool(toolset = "weather")
  public static CompletionStage<String> radar(String region) {
    return CompletableFuture.supplyAsync(
        () -> "radar of " + region, CompletableFuture.delayedExecutor(120, TimeUnit.MILLISECONDS));
  }
}
