package dev.toolsmith.example;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Regular expressions run on text a model chose, with a bounded amount of work.
 *
 * <p>Java's regex engine backtracks, so a pattern like {@code (a+)+b} can take exponential time.
 * The matcher reads its input through {@link #charAt}, which counts reads and stops the match once
 * the budget is spent: a step count, not a clock, so the limit is the same on every machine.
 */
final class BoundedText implements CharSequence {

  /** Character reads allowed per match run; generous for honest patterns on bounded input. */
  static final long DEFAULT_BUDGET = 20_000_000;

  private final CharSequence text;
  private final long[] remaining;

  private BoundedText(CharSequence text, long[] remaining) {
    this.text = text;
    this.remaining = remaining;
  }

  /**
   * A matcher of {@code pattern} on {@code text} that fails once it has read {@code budget}
   * characters.
   */
  static Matcher matcher(Pattern pattern, CharSequence text, long budget) {
    return pattern.matcher(new BoundedText(text, new long[] {budget}));
  }

  /** Compiles a model-supplied pattern, turning a syntax error into a one-line message. */
  static Pattern compile(String regex, int flags) {
    try {
      return Pattern.compile(regex, flags);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex(), e);
    }
  }

  @Override
  public char charAt(int index) {
    if (--remaining[0] < 0) {
      throw new IllegalArgumentException(
          "regular expression too expensive on this input; simplify the pattern");
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new BoundedText(text.subSequence(start, end), remaining);
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
