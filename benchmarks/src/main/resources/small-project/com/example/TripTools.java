package com.example;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

/** Trips: records, a sealed type, java.time. */
public final class TripTools {
  /** A traveller. */
  public record Passenger(String name, @Param(minimum = 0, maximum = 120) int age) {}

  /** A trip to book. */
  public record Trip(String from, String to, LocalDate date, List<Passenger> passengers) {}

  /** What booking a trip gives. */
  public record Booking(String reference, Trip trip, double price) {}

  /** Something to do at the destination. */
  public sealed interface Activity permits BoatTour, Museum {}

  /** A boat tour. */
  public record BoatTour(String river, int hours) implements Activity {}

  /** A museum visit. */
  public record Museum(String name, boolean guided) implements Activity {}

  /**
   * Books a trip for its passengers.
   *
   * @param trip where, when and who
   */
  @Tool(toolset = "trips")
  public static Booking book(Trip trip) {
    return new Booking("R-1", trip, 42.5 * trip.passengers().size());
  }

  /**
   * Adds an activity to a city's day plan.
   *
   * @param city the city
   * @param activity what to do there
   */
  @Tool(toolset = "trips")
  public static String plan(String city, Activity activity) {
    return city + ": " + activity;
  }

  /**
   * Finds the departures from a station within a time from now.
   *
   * @param station the station's name
   * @param within how far ahead to look, such as PT2H
   */
  @Tool(toolset = "trips")
  public static List<String> departures(String station, Duration within) {
    return List.of(station + " +" + within.toMinutes() + " min");
  }
}
