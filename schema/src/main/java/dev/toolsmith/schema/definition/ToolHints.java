package dev.toolsmith.schema.definition;

import org.jspecify.annotations.Nullable;

/**
 * What a tool says about its behaviour, for clients deciding whether to ask before calling it:
 * MCP's tool annotations. Each hint is true, false, or null when the tool does not say (MCP clients
 * then assume the protocol's default: not read-only, destructive, not idempotent, open world).
 * Hints are never guarantees: a client should not trust them from a server it does not trust.
 *
 * @param readOnly whether the tool changes nothing in its environment ({@code readOnlyHint})
 * @param destructive whether it may destroy or overwrite something ({@code destructiveHint})
 * @param idempotent whether calling it again with the same arguments has no further effect ({@code
 *     idempotentHint})
 * @param openWorld whether it reaches an open world, such as the web ({@code openWorldHint})
 */
public record ToolHints(
    @Nullable Boolean readOnly,
    @Nullable Boolean destructive,
    @Nullable Boolean idempotent,
    @Nullable Boolean openWorld) {

  /** No hint said. */
  public static final ToolHints NONE = new ToolHints(null, null, null, null);

  /** Whether no hint is said. */
  public boolean isEmpty() {
    return readOnly == null && destructive == null && idempotent == null && openWorld == null;
  }

  /** Hints said by name; those not set stay unsaid (null). */
  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .readOnly(readOnly)
        .destructive(destructive)
        .idempotent(idempotent)
        .openWorld(openWorld);
  }

  /** Builds {@link ToolHints} by name. */
  public static final class Builder {
    private @Nullable Boolean readOnly;
    private @Nullable Boolean destructive;
    private @Nullable Boolean idempotent;
    private @Nullable Boolean openWorld;

    private Builder() {}

    public Builder readOnly(@Nullable Boolean readOnly) {
      this.readOnly = readOnly;
      return this;
    }

    public Builder destructive(@Nullable Boolean destructive) {
      this.destructive = destructive;
      return this;
    }

    public Builder idempotent(@Nullable Boolean idempotent) {
      this.idempotent = idempotent;
      return this;
    }

    public Builder openWorld(@Nullable Boolean openWorld) {
      this.openWorld = openWorld;
      return this;
    }

    public ToolHints build() {
      return new ToolHints(readOnly, destructive, idempotent, openWorld);
    }
  }
}
