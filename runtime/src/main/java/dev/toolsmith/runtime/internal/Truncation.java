package dev.toolsmith.runtime.internal;

/** Where a text is cut to a length, so that no character is split in two. */
public final class Truncation {

  private Truncation() {}

  /**
   * The length of the start of {@code text} that is at most {@code max} characters and does not end
   * between the two halves of a surrogate pair.
   */
  public static int end(String text, int max) {
    int end = Math.min(max, text.length());
    if (end > 0 && end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }
}
