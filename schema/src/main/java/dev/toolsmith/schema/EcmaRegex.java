package dev.toolsmith.schema;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * JSON Schema's {@code pattern}, an ECMA-262 regular expression (Unicode mode, no flags), run by
 * {@code java.util.regex}: the pattern is translated so that the Java engine finds exactly the
 * matches an ECMA engine finds, and syntax ECMA-262 does not have ({@code (?i)}, possessive
 * quantifiers, {@code \A}, {@code \Z}, {@code \p{javaLowerCase}}, class intersections...) is
 * refused, so no schema carries a pattern an ECMA engine cannot read.
 *
 * <p>What changes in translation: {@code $} is the end of the text only (Java's also matches before
 * a final line terminator); {@code .} excludes exactly ECMA's line terminators; {@code \s} and
 * {@code \S} are ECMA's white space and line terminators (Unicode spaces included); {@code \b},
 * {@code \B} are ASCII word boundaries; {@code \v}, {@code \0}, {@code \b} in a class, {@code
 * \}{@code u{...}}, {@code []} and {@code [^]} mean what ECMA says; {@code [} and {@code &} in a
 * class are literal.
 */
public final class EcmaRegex {

  /** ECMA-262's WhiteSpace and LineTerminator code points, as the inside of a Java class. */
  private static final String SPACE =
      "\\t\\n\\x{B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}"
          + "\\x{205F}\\x{3000}\\x{FEFF}";

  private static final String WORD = "[a-zA-Z0-9_]";

  /** General_Category long names and ECMA's aliases, by their short names. */
  private static final Map<String, String> CATEGORIES =
      Map.ofEntries(
          Map.entry("Letter", "L"),
          Map.entry("Cased_Letter", "LC"),
          Map.entry("Uppercase_Letter", "Lu"),
          Map.entry("Lowercase_Letter", "Ll"),
          Map.entry("Titlecase_Letter", "Lt"),
          Map.entry("Modifier_Letter", "Lm"),
          Map.entry("Other_Letter", "Lo"),
          Map.entry("Mark", "M"),
          Map.entry("Combining_Mark", "M"),
          Map.entry("Nonspacing_Mark", "Mn"),
          Map.entry("Spacing_Mark", "Mc"),
          Map.entry("Enclosing_Mark", "Me"),
          Map.entry("Number", "N"),
          Map.entry("Decimal_Number", "Nd"),
          Map.entry("digit", "Nd"),
          Map.entry("Letter_Number", "Nl"),
          Map.entry("Other_Number", "No"),
          Map.entry("Punctuation", "P"),
          Map.entry("punct", "P"),
          Map.entry("Symbol", "S"),
          Map.entry("Math_Symbol", "Sm"),
          Map.entry("Currency_Symbol", "Sc"),
          Map.entry("Separator", "Z"),
          Map.entry("Space_Separator", "Zs"),
          Map.entry("Line_Separator", "Zl"),
          Map.entry("Paragraph_Separator", "Zp"),
          Map.entry("Other", "C"),
          Map.entry("Control", "Cc"),
          Map.entry("cntrl", "Cc"),
          Map.entry("Format", "Cf"),
          Map.entry("Unassigned", "Cn"),
          Map.entry("Private_Use", "Co"),
          Map.entry("Surrogate", "Cs"));

  private final String source;
  private final StringBuilder out = new StringBuilder();
  private int at;
  private int groups;

  private EcmaRegex(String source) {
    this.source = source;
  }

  /**
   * {@code ecma} compiled for {@code java.util.regex} with ECMA-262 semantics; use {@code
   * matcher(text).find()} as JSON Schema does.
   *
   * @throws IllegalArgumentException when {@code ecma} is not an ECMA-262 pattern or uses syntax
   *     the Java engine cannot run (the message says what and where)
   */
  public static Pattern compile(String ecma) {
    requireNonNull(ecma, "ecma == null");
    String java = translate(ecma);
    try {
      return Pattern.compile(java);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(e.getDescription(), e);
    }
  }

  /** Why {@code ecma} cannot be used as a JSON Schema pattern here, or null when it can. */
  public static @Nullable String problem(String ecma) {
    try {
      compile(ecma);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /** The {@code java.util.regex} text of {@code ecma}. */
  static String translate(String ecma) {
    EcmaRegex t = new EcmaRegex(ecma);
    t.translate();
    return t.out.toString();
  }

  private void translate() {
    while (at < source.length()) {
      char c = source.charAt(at++);
      switch (c) {
        case '\\' -> escape(false);
        case '[' -> characterClass();
        case '.' -> out.append("[^\\n\\r\\x{2028}\\x{2029}]");
        case '$' -> out.append("\\z");
        case '(' -> group();
        case '*', '+', '?' -> {
          out.append(c);
          quantifierSuffix();
        }
        case '{' -> braces();
        case ')' -> {
          groups--;
          out.append(c);
        }
        case '}', ']' -> fail("a lone '" + c + "' must be escaped");
        default -> out.append(c);
      }
    }
    if (groups != 0) {
      fail("unbalanced parentheses");
    }
  }

  private void group() {
    groups++;
    if (source.startsWith("?", at)) {
      String rest = source.substring(at + 1);
      if (rest.startsWith(":") || rest.startsWith("=") || rest.startsWith("!")) {
        out.append("(?").append(rest.charAt(0));
        at += 2;
      } else if (rest.startsWith("<=") || rest.startsWith("<!")) {
        out.append("(?").append(rest, 0, 2);
        at += 3;
      } else if (rest.startsWith("<")) {
        int end = source.indexOf('>', at);
        String name = end < 0 ? "" : source.substring(at + 2, end);
        if (!name.matches("[a-zA-Z][a-zA-Z0-9]*")) {
          fail("group names must be ASCII letters and digits here; found \"" + name + "\"");
        }
        out.append("(?<").append(name).append('>');
        at = end + 1;
      } else {
        fail(
            "'(?"
                + (rest.isEmpty() ? "" : rest.substring(0, 1))
                + "' is not ECMA-262 syntax"
                + " (inline flags, atomic groups and comments are Java-only)");
      }
    } else {
      out.append('(');
    }
  }

  /** After a quantifier: ECMA has lazy ({@code ?}), not possessive ({@code +}). */
  private void quantifierSuffix() {
    if (source.startsWith("?", at)) {
      out.append('?');
      at++;
    } else if (source.startsWith("+", at)) {
      fail("possessive quantifiers are Java-only");
    }
  }

  private void braces() {
    int end = source.indexOf('}', at);
    String body = end < 0 ? "" : source.substring(at, end);
    if (!body.matches("\\d+(,\\d*)?")) {
      fail("a '{' that does not start a quantifier {n}, {n,} or {n,m} must be escaped");
    }
    out.append('{').append(body).append('}');
    at = end + 1;
    quantifierSuffix();
  }

  private void characterClass() {
    boolean negated = source.startsWith("^", at);
    if (negated) {
      at++;
    }
    if (source.startsWith("]", at)) {
      at++;
      out.append(negated ? "[\\x{0}-\\x{10FFFF}]" : "(?!)"); // [^] is anything, [] nothing
      return;
    }
    out.append(negated ? "[^" : "[");
    while (true) {
      if (at >= source.length()) {
        fail("unterminated character class");
      }
      char c = source.charAt(at++);
      if (c == ']') {
        out.append(']');
        return;
      }
      if (c == '\\') {
        escape(true);
      } else if (c == '[' || source.startsWith("&&", at - 1)) {
        // literal in ECMA, nesting or intersection in Java: refused rather than guessed
        fail(
            "'"
                + c
                + (c == '&' ? "&" : "")
                + "' in a class is a nested class or intersection"
                + " in Java and literal in ECMA-262: escape it");
      } else if (c == '&' || c == '^') {
        out.append('\\').append(c);
      } else {
        out.append(c);
      }
    }
  }

  private void escape(boolean inClass) {
    if (at >= source.length()) {
      fail("a pattern cannot end with '\\'");
    }
    char c = source.charAt(at++);
    switch (c) {
      case 'd', 'D', 'w', 'W', 't', 'n', 'r', 'f' -> out.append('\\').append(c);
      case 's' -> out.append(inClass ? SPACE : "[" + SPACE + "]");
      case 'S' -> out.append("[^" + SPACE + "]");
      case 'v' -> out.append("\\x{B}");
      case 'b' ->
          out.append(
              inClass
                  ? "\\x{8}"
                  : "(?:(?<=" + WORD + ")(?!" + WORD + ")|(?<!" + WORD + ")(?=" + WORD + "))");
      case 'B' -> {
        if (inClass) {
          fail("\\B is not allowed in a character class");
        }
        out.append("(?:(?<=" + WORD + ")(?=" + WORD + ")|(?<!" + WORD + ")(?!" + WORD + "))");
      }
      case '0' -> {
        if (at < source.length() && Character.isDigit(source.charAt(at))) {
          fail("octal escapes are not ECMA-262 (Unicode mode)");
        }
        out.append("\\x{0}");
      }
      case 'c' -> {
        if (at >= source.length() || !isAsciiLetter(source.charAt(at))) {
          fail("\\c must be followed by a letter");
        }
        out.append("\\x{").append(Integer.toHexString(source.charAt(at++) % 32)).append('}');
      }
      case 'x' -> out.append("\\x{").append(hex(2)).append('}');
      case 'u' -> {
        if (source.startsWith("{", at)) {
          int end = source.indexOf('}', at);
          String digits = end < 0 ? "" : source.substring(at + 1, end);
          if (!digits.matches("[0-9a-fA-F]{1,6}") || Integer.parseInt(digits, 16) > 0x10FFFF) {
            fail("\\u{...} needs a code point in hex");
          }
          out.append("\\x{").append(digits).append('}');
          at = end + 1;
        } else {
          out.append("\\x{").append(hex(4)).append('}');
        }
      }
      case 'p', 'P' -> property(c);
      case 'k' -> {
        int end = source.indexOf('>', at);
        if (!source.startsWith("<", at) || end < 0) {
          fail("\\k must name a group: \\k<name>");
        }
        out.append("\\k").append(source, at, end + 1);
        at = end + 1;
      }
      default -> {
        if (c >= '1' && c <= '9' && !inClass) {
          out.append('\\').append(c);
        } else if ((c == '-' && inClass) || "^$\\.*+?()[]{}|/".indexOf(c) >= 0) {
          out.append('\\').append(c);
        } else {
          fail(
              "'\\"
                  + c
                  + "' is not an ECMA-262 escape"
                  + ("AZzGhHRXQEeaN".indexOf(c) >= 0 ? " (it is Java-only)" : ""));
        }
      }
    }
  }

  private void property(char p) {
    int end = source.indexOf('}', at);
    if (!source.startsWith("{", at) || end < 0) {
      fail("\\" + p + " must be followed by {Property}");
    }
    String body = source.substring(at + 1, end);
    at = end + 1;
    String java;
    int eq = body.indexOf('=');
    if (eq < 0) {
      String shortName = CATEGORIES.getOrDefault(body, body);
      if (!shortName.matches("[A-Z][a-z&]?|LC")) {
        fail(
            "\\"
                + p
                + "{"
                + body
                + "} is not an ECMA-262 General_Category here"
                + (body.startsWith("java") || body.startsWith("Is") || body.startsWith("In")
                    ? " (it is Java-only)"
                    : ""));
      }
      java = shortName;
    } else {
      String key = body.substring(0, eq);
      String value = body.substring(eq + 1);
      if (key.equals("General_Category") || key.equals("gc")) {
        java = "gc=" + CATEGORIES.getOrDefault(value, value);
      } else if (key.equals("Script") || key.equals("sc")) {
        java = "sc=" + value;
      } else {
        fail("\\" + p + "{" + body + "} is not supported (General_Category and Script only)");
        return;
      }
    }
    out.append('\\').append(p).append('{').append(java).append('}');
  }

  private String hex(int digits) {
    String text = source.length() >= at + digits ? source.substring(at, at + digits) : "";
    if (!text.matches("[0-9a-fA-F]{" + digits + "}")) {
      fail("expected " + digits + " hex digits at index " + at);
    }
    at += digits;
    return text;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private void fail(String why) {
    throw new IllegalArgumentException(why + " (at index " + Math.max(0, at - 1) + ")");
  }
}
