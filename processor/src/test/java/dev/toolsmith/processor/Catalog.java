package dev.toolsmith.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * A varied set of real tools covering every supported type and constraint, compiled once with the
 * processor and loaded: the subject of the agreement, golden, dialect and SDK tests.
 */
final class Catalog {

  static final JavaFileObject SOURCE =
      JavaFileObjects.forSourceString(
          "demo.catalog.Catalog",
"""
package demo.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.annotations.Discriminator;
import dev.toolsmith.annotations.JsonName;
import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

public final class Catalog {

  public enum Unit { CELSIUS, @JsonName("fahrenheit") FAHRENHEIT }

  public enum Day { MON, TUE, WED }

  /**
   * Sets scalar values with constraints.
   *
   * @param count how many, between 1 and 100
   * @param ratio a fraction in steps of an eighth
   */
  @Tool(strict = true)
  public static String scalars(
      @Param(minimum = 1, maximum = 100) int count,
      @Param(exclusiveMinimum = 0, exclusiveMaximum = 1, multipleOf = 0.125) double ratio,
      @Param(minLength = 2, maxLength = 5, pattern = "^[a-z]+$") String word,
      boolean flag,
      char initial,
      Unit unit,
      @Param(defaultValue = "7", minimum = 0, multipleOf = 7) long step,
      @Param(allowedValues = {"red", "green"}, examples = "red") String color,
      @Param(required = false, maxLength = 3, deprecated = true) String note,
      short small,
      byte tiny,
      float real,
      @Param(name = "is-on", description = "whether it is on") Boolean on) {
    return "scalars " + count + " " + ratio + " " + word + " " + flag + " " + initial + " " + unit
        + " " + step + " " + color + " " + note + " " + small + " " + tiny + " " + real + " " + on;
  }

  /** A point. */
  public record Point(int x, int y) {}

  /**
   * Containers of things.
   *
   * @param numbers between two and four numbers
   * @param tags distinct tags
   */
  public record Bag(
      @Param(minItems = 2, maxItems = 4) List<Integer> numbers,
      Set<String> tags,
      @Param(uniqueItems = true) int[] codes,
      Map<String, Integer> counts,
      Map<Day, String> byDay,
      Optional<List<Point>> points,
      Point[] corners) {}

  /** Fills a bag. */
  @Tool
  public static String containers(Bag bag) {
    return "bag " + bag.numbers() + " " + bag.tags() + " " + bag.counts() + " " + bag.byDay();
  }

  /**
   * A tree node.
   *
   * @param label the node's label
   * @param children the node's children
   */
  public record Node(String label, List<Node> children, Optional<Node> next) {}

  /** Walks a tree. */
  @Tool
  public static String tree(Node root) {
    return "tree " + count(root);
  }

  static int count(Node node) {
    int n = 1;
    for (Node child : node.children()) {
      n += count(child);
    }
    return n + node.next().map(Catalog::count).orElse(0);
  }

  /** A shape. */
  @Discriminator("kind")
  public sealed interface Shape permits Circle, Rect, Dot {}

  /** A circle. */
  public record Circle(@Param(exclusiveMinimum = 0) double radius) implements Shape {}

  /** A rectangle. */
  @JsonName("rectangle")
  public record Rect(@Param(minimum = 0) int width, @Param(minimum = 0) int height)
      implements Shape {}

  /** A dot. */
  public record Dot() implements Shape {}

  /** Draws shapes. */
  @Tool
  public static String shapes(Shape main, @Param(maxItems = 3) List<Shape> more) {
    return "shapes " + main + " " + more;
  }

  /** Formatted and big values. */
  @Tool
  public static String formats(
      UUID id,
      URI link,
      LocalDate day,
      LocalTime time,
      LocalDateTime local,
      OffsetDateTime offset,
      ZonedDateTime zoned,
      Instant instant,
      Duration duration,
      BigDecimal amount,
      @Param(minimum = 0) BigInteger big,
      @Param(required = false, format = "email") String mail) {
    return "formats " + id + " " + day + " " + duration + " " + amount + " " + big;
  }

  /** Optional numbers and free-form JSON. */
  @Tool
  public static String loose(
      OptionalInt a, OptionalLong b, OptionalDouble c, JsonNode extra, Optional<Day> day) {
    return "loose " + a + " " + b + " " + c + " " + extra + " " + day;
  }

  /** A sign-up form with Bean Validation constraints. */
  public record SignUp(
      @NotBlank @Size(max = 20) String name,
      @Email String email,
      @Min(18) @Max(130) int age,
      @Positive @DecimalMax("1000.5") Double budget,
      @Pattern(regexp = "[A-Z]{2}") String country,
      @NotEmpty List<String> interests) {}

  /** A charge: the variants hold money and shares, which must reach the method unchanged. */
  @Discriminator("kind")
  public sealed interface Charge permits Fixed, Share {}

  /** A fixed amount. */
  @JsonName("fixed")
  public record Fixed(
      @Param(minimum = 0, maximum = 1000, multipleOf = 0.01) BigDecimal amount,
      long cents,
      BigInteger units)
      implements Charge {}

  /** A share, in percent. */
  @JsonName("share")
  public record Share(@Param(minimum = 0, maximum = 100) double pct) implements Charge {}

  /** Exact values, ECMA patterns, JSON-equal items and RFC formats: the breaking classes. */
  @Tool
  public static String exact(
      Charge charge,
      @Param(exclusiveMaximum = 1000) double limit,
      @Negative double debt,
      @Param(pattern = "^[A-Z]{1,5}$") String ticker,
      @NotBlank String name,
      @Param(uniqueItems = true) List<Double> levels,
      @Param(uniqueItems = true) List<List<Integer>> pairs,
      @Param(required = false, format = "date-time") String at,
      @Param(required = false, format = "duration") String period,
      @Param(required = false, format = "uri") String link,
      @Param(required = false, format = "email") String mail) {
    return charge instanceof Fixed f
        ? "fixed " + f.amount() + " " + f.cents() + " " + f.units()
        : "share " + ((Share) charge).pct();
  }

  /** Signs up. */
  @Tool
  public static String signUp(SignUp form) {
    return "signed up " + form.name();
  }
}
""");

  private static Map<String, ToolEntry> tools;
  private static Compilation compilation;

  private Catalog() {}

  /** The compilation of {@link #SOURCE} (warnings allowed: none are expected). */
  static synchronized Compilation compilation() {
    if (compilation == null) {
      compilation = Compiled.compile(SOURCE);
    }
    return compilation;
  }

  /** The catalog's tools, by name. */
  static synchronized Map<String, ToolEntry> tools() {
    if (tools == null) {
      try {
        Path dir = Files.createTempDirectory("catalog");
        Path out = Compiled.writeClassOutput(compilation(), dir);
        @SuppressWarnings("resource") // lives as long as the test JVM
        URLClassLoader loader = Compiled.loader(out);
        tools = Compiled.tools(loader, Bindings.none());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return tools;
  }
}
