package dev.toolsmith.schema;

/**
 * A string's {@code minLength} and {@code maxLength}, in code points, each -1 when unset: what the
 * processor states in a schema and the runtime's reader checks.
 */
public record LengthBounds(int minLength, int maxLength) {

  /** No bound. */
  public static final LengthBounds NONE = new LengthBounds(-1, -1);

  public LengthBounds {
    if (minLength < -1 || maxLength < -1) {
      throw new IllegalArgumentException(
          "lengths are -1 (unset) or more: " + minLength + ", " + maxLength);
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().minLength(minLength).maxLength(maxLength);
  }

  /** Whether no bound is set. */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /** Builds bounds by keyword. */
  public static final class Builder {
    private int minLength = -1;
    private int maxLength = -1;

    private Builder() {}

    public Builder minLength(int minLength) {
      this.minLength = minLength;
      return this;
    }

    public Builder maxLength(int maxLength) {
      this.maxLength = maxLength;
      return this;
    }

    public LengthBounds build() {
      return new LengthBounds(minLength, maxLength);
    }
  }
}
