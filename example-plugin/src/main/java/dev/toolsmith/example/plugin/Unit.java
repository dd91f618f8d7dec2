package dev.toolsmith.example.plugin;

/** A unit of length, mass or temperature, with its factor to the kind's base unit. */
public enum Unit {
  METRE(Kind.LENGTH, 1),
  KILOMETRE(Kind.LENGTH, 1_000),
  CENTIMETRE(Kind.LENGTH, 0.01),
  MILLIMETRE(Kind.LENGTH, 0.001),
  MILE(Kind.LENGTH, 1_609.344),
  YARD(Kind.LENGTH, 0.9144),
  FOOT(Kind.LENGTH, 0.3048),
  INCH(Kind.LENGTH, 0.0254),
  KILOGRAM(Kind.MASS, 1),
  GRAM(Kind.MASS, 0.001),
  TONNE(Kind.MASS, 1_000),
  POUND(Kind.MASS, 0.45359237),
  OUNCE(Kind.MASS, 0.028349523125),
  CELSIUS(Kind.TEMPERATURE, 1),
  FAHRENHEIT(Kind.TEMPERATURE, 5.0 / 9.0),
  KELVIN(Kind.TEMPERATURE, 1);

  /** What a unit measures; only units of one kind convert into each other. */
  public enum Kind {
    LENGTH,
    MASS,
    TEMPERATURE
  }

  private final Kind kind;
  private final double factor;

  Unit(Kind kind, double factor) {
    this.kind = kind;
    this.factor = factor;
  }

  /** What the unit measures. */
  public Kind kind() {
    return kind;
  }

  /** {@code value} of this unit in the kind's base unit (metre, kilogram, degree Celsius). */
  double toBase(double value) {
    return switch (this) {
      case FAHRENHEIT -> (value - 32) * factor;
      case KELVIN -> value - 273.15;
      default -> value * factor;
    };
  }

  /** {@code value} of the kind's base unit in this unit. */
  double fromBase(double value) {
    return switch (this) {
      case FAHRENHEIT -> value / factor + 32;
      case KELVIN -> value + 273.15;
      default -> value / factor;
    };
  }
}
