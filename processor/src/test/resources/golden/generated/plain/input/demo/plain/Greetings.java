package demo.plain;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;

/** Greets people. */
public final class Greetings {
  private Greetings() {}

  /**
   * Greets someone by name.
   *
   * @param name who to greet
   * @param times how often
   * @param loud whether to shout
   */
  @Tool
  public static String greet(String name, @Param(minimum = 1, maximum = 5) int times, boolean loud) {
    String greeting = ("hello " + name + " ").repeat(times).trim();
    return loud ? greeting.toUpperCase(java.util.Locale.ROOT) : greeting;
  }
}
