package dev.toolsmith.example;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small, safe arithmetic evaluator: a recursive-descent parser over doubles, no script engine.
 *
 * <p>Grammar, loosest binding first ({@code ^} binds tighter than unary minus and is
 * right-associative, so {@code -2^2 = -4} and {@code 2^3^2 = 512}):
 *
 * <pre>
 * expression = term (("+" | "-") term)*
 * term       = unary (("*" | "/" | "%") unary)*
 * unary      = ("-" | "+") unary | power
 * power      = primary ("^" unary)?
 * primary    = number | constant | function "(" expression ("," expression)* ")" | "(" expression ")"
 * </pre>
 *
 * Input length and nesting depth are bounded, so no input can exhaust the stack or run long.
 */
final class Calculator {

  static final int MAX_LENGTH = 1_000;
  static final int MAX_DEPTH = 64;

  private final String input;
  private int pos;
  private int depth;

  private Calculator(String input) {
    this.input = input;
  }

  /**
   * The value of {@code expression}; throws {@link IllegalArgumentException} saying what is wrong
   * and where.
   */
  static double evaluate(String expression) {
    if (expression.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("expression is longer than " + MAX_LENGTH + " characters");
    }
    Calculator calculator = new Calculator(expression);
    calculator.skipSpaces();
    if (calculator.atEnd()) {
      throw new IllegalArgumentException("expression is empty");
    }
    double value = calculator.expression();
    if (!calculator.atEnd()) {
      throw calculator.error("unexpected '" + calculator.peek() + "'");
    }
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("result is not a finite number");
    }
    return value;
  }

  private double expression() {
    double value = term();
    while (true) {
      if (accept('+')) {
        value += term();
      } else if (accept('-')) {
        value -= term();
      } else {
        return value;
      }
    }
  }

  private double term() {
    double value = unary();
    while (true) {
      int at = pos;
      if (accept('*')) {
        value *= unary();
      } else if (accept('/')) {
        value /= nonZero(unary(), at, "division by zero");
      } else if (accept('%')) {
        value %= nonZero(unary(), at, "modulo by zero");
      } else {
        return value;
      }
    }
  }

  private double unary() {
    enter();
    try {
      if (accept('-')) {
        return -unary();
      }
      if (accept('+')) {
        return unary();
      }
      return power();
    } finally {
      depth--;
    }
  }

  private double power() {
    double base = primary();
    if (accept('^')) {
      return Math.pow(base, unary());
    }
    return base;
  }

  private double primary() {
    if (atEnd()) {
      throw error("expression ends too early");
    }
    char c = peek();
    if (accept('(')) {
      double value = expression();
      expect(')');
      return value;
    }
    if (Character.isDigit(c) || c == '.') {
      return number();
    }
    if (Character.isLetter(c)) {
      int start = pos;
      String name = identifier();
      if (accept('(')) {
        return call(name, start);
      }
      return switch (name) {
        case "pi" -> Math.PI;
        case "e" -> Math.E;
        default -> throw error(start, "unknown constant '" + name + "'; known: pi, e");
      };
    }
    throw error("unexpected '" + c + "'");
  }

  private double call(String name, int start) {
    List<Double> args = new ArrayList<>();
    if (!accept(')')) {
      do {
        args.add(expression());
      } while (accept(','));
      expect(')');
    }
    return switch (name) {
      case "min", "max" -> {
        if (args.isEmpty()) {
          throw error(start, name + "() needs at least one argument");
        }
        double best = args.get(0);
        for (double a : args) {
          best = name.equals("min") ? Math.min(best, a) : Math.max(best, a);
        }
        yield best;
      }
      default -> {
        if (args.size() != 1) {
          throw error(start, name + "() takes 1 argument, got " + args.size());
        }
        yield apply(name, args.get(0), start);
      }
    };
  }

  private double apply(String name, double x, int start) {
    return switch (name) {
      case "abs" -> Math.abs(x);
      case "sqrt" -> {
        if (x < 0) {
          throw error(start, "sqrt of a negative number");
        }
        yield Math.sqrt(x);
      }
      case "cbrt" -> Math.cbrt(x);
      case "exp" -> Math.exp(x);
      case "ln", "log10" -> {
        if (x <= 0) {
          throw error(start, name + " of a number <= 0");
        }
        yield name.equals("ln") ? Math.log(x) : Math.log10(x);
      }
      case "sin" -> Math.sin(x);
      case "cos" -> Math.cos(x);
      case "tan" -> Math.tan(x);
      case "floor" -> Math.floor(x);
      case "ceil" -> Math.ceil(x);
      case "round" -> Math.floor(x + 0.5); // half up, as people round
      default ->
          throw error(
              start,
              "unknown function '"
                  + name
                  + "'; known: abs, sqrt, cbrt, exp, ln, log10, sin, cos, tan,"
                  + " floor, ceil, round, min, max");
    };
  }

  private double number() {
    int start = pos;
    while (!atEnd() && (Character.isDigit(peek()) || peek() == '.')) {
      pos++;
    }
    if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
      int mark = pos;
      pos++;
      if (!atEnd() && (peek() == '+' || peek() == '-')) {
        pos++;
      }
      if (atEnd() || !Character.isDigit(peek())) {
        pos = mark; // not an exponent: leave the 'e' to be refused as an implicit product
      }
      while (!atEnd() && Character.isDigit(peek())) {
        pos++;
      }
    }
    String text = input.substring(start, pos);
    skipSpaces();
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw error(start, "bad number '" + text + "'");
    }
  }

  private String identifier() {
    int start = pos;
    while (!atEnd() && (Character.isLetterOrDigit(peek()) || peek() == '_')) {
      pos++;
    }
    String name = input.substring(start, pos).toLowerCase(Locale.ROOT);
    skipSpaces();
    return name;
  }

  private double nonZero(double value, int at, String message) {
    if (value == 0) {
      throw error(at, message);
    }
    return value;
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw error("expression is nested deeper than " + MAX_DEPTH + " levels");
    }
  }

  private boolean accept(char c) {
    if (!atEnd() && peek() == c) {
      pos++;
      skipSpaces();
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!accept(c)) {
      throw atEnd()
          ? error("missing '" + c + "'")
          : error("expected '" + c + "' but found '" + peek() + "'");
    }
  }

  private void skipSpaces() {
    while (!atEnd() && Character.isWhitespace(peek())) {
      pos++;
    }
  }

  private boolean atEnd() {
    return pos >= input.length();
  }

  private char peek() {
    return input.charAt(pos);
  }

  private IllegalArgumentException error(String message) {
    return error(pos, message);
  }

  private IllegalArgumentException error(int at, String message) {
    return new IllegalArgumentException(message + " at position " + (at + 1));
  }
}
