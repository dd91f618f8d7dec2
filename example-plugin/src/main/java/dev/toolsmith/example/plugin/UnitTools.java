package dev.toolsmith.example.plugin;

import dev.toolsmith.annotations.Tool;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Unit conversion tools, shipped as a plugin jar rather than compiled into the application. */
public final class UnitTools {

  private UnitTools() {}

  /**
   * Converts a quantity between two units of the same kind: length, mass or temperature.
   *
   * @param args the quantity and the two units
   * @return the converted quantity and a readable sentence
   */
  @Tool(toolset = "units", emoji = "📏")
  public static Conversion convertUnits(Convert args) {
    if (args.from().kind() != args.to().kind()) {
      throw new IllegalArgumentException(
          "cannot convert "
              + args.from()
              + " ("
              + describe(args.from().kind())
              + ") to "
              + args.to()
              + " ("
              + describe(args.to().kind())
              + ")");
    }
    if (!Double.isFinite(args.value())) {
      throw new IllegalArgumentException("value must be a finite number; found " + args.value());
    }
    double converted = args.to().fromBase(args.from().toBase(args.value()));
    // 0.30480000000000002 reads badly; BigDecimal, as Math.round saturates past 9.2e9
    double rounded =
        BigDecimal.valueOf(converted).setScale(9, RoundingMode.HALF_EVEN).doubleValue();
    String text =
        format(args.value())
            + " "
            + name(args.from())
            + " = "
            + format(rounded)
            + " "
            + name(args.to());
    return new Conversion(rounded, args.to(), text);
  }

  /**
   * Lists the units convert_units knows, grouped by what they measure.
   *
   * @return each kind with its units
   */
  @Tool(toolset = "units", emoji = "📏")
  public static Map<String, List<Unit>> listUnits() {
    Map<String, List<Unit>> units = new LinkedHashMap<>();
    for (Unit unit : Unit.values()) {
      units.computeIfAbsent(describe(unit.kind()), kind -> new ArrayList<>()).add(unit);
    }
    return units;
  }

  /**
   * A quantity to convert.
   *
   * @param value the amount, e.g. 3.5
   * @param from the unit the amount is in
   * @param to the unit wanted
   */
  public record Convert(double value, Unit from, Unit to) {}

  /**
   * A converted quantity.
   *
   * @param value the amount in the wanted unit, rounded to nine decimals
   * @param unit the wanted unit
   * @param text the conversion as a sentence
   */
  public record Conversion(double value, Unit unit, String text) {}

  private static String describe(Unit.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  private static String name(Unit unit) {
    return unit.name().toLowerCase(Locale.ROOT);
  }

  private static String format(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }
}
