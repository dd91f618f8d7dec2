package dev.toolsmith.schema;

/**
 * An array's {@code minItems} and {@code maxItems}, each -1 when unset, and {@code uniqueItems}:
 * what the processor states in a schema and the runtime's reader checks.
 */
public record ItemBounds(int minItems, int maxItems, boolean uniqueItems) {

  /** No bound. */
  public static final ItemBounds NONE = new ItemBounds(-1, -1, false);

  public ItemBounds {
    if (minItems < -1 || maxItems < -1) {
      throw new IllegalArgumentException(
          "item counts are -1 (unset) or more: " + minItems + ", " + maxItems);
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().minItems(minItems).maxItems(maxItems).uniqueItems(uniqueItems);
  }

  /** Whether no bound is set. */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /** Builds bounds by keyword. */
  public static final class Builder {
    private int minItems = -1;
    private int maxItems = -1;
    private boolean uniqueItems;

    private Builder() {}

    public Builder minItems(int minItems) {
      this.minItems = minItems;
      return this;
    }

    public Builder maxItems(int maxItems) {
      this.maxItems = maxItems;
      return this;
    }

    public Builder uniqueItems(boolean uniqueItems) {
      this.uniqueItems = uniqueItems;
      return this;
    }

    public ItemBounds build() {
      return new ItemBounds(minItems, maxItems, uniqueItems);
    }
  }
}
