package dev.toolsmith.runtime.observation;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.schema.definition.DefinitionFormat;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * One listing as a {@link ToolObserver} is told of it: {@link
 * dev.toolsmith.runtime.ToolRegistry#definitions} or {@link
 * dev.toolsmith.runtime.ToolRegistry#availability()}.
 *
 * @param kind which listing
 * @param format the shape of the definitions; null for an availability report or an offer
 * @param requested how many names were asked for (every tool, for an availability report)
 * @param available how many of them were listed as available
 * @param durationNanos how long the listing took, availability checks included
 */
public record ToolListing(
    Kind kind,
    @Nullable DefinitionFormat format,
    int requested,
    int available,
    long durationNanos) {

  /** The listings a registry makes. */
  public enum Kind {
    /** {@link dev.toolsmith.runtime.ToolRegistry#definitions}: what the model is shown. */
    DEFINITIONS,
    /**
     * {@link dev.toolsmith.runtime.ToolRegistry#availability()}: every tool's and toolset's
     * availability.
     */
    AVAILABILITY,
    /**
     * {@link dev.toolsmith.runtime.ToolRegistry#offered}: the selected tools available now, as a
     * bridge offers them.
     */
    OFFERED
  }

  public ToolListing {
    requireNonNull(kind, "kind == null");
  }

  /** The listing's duration. */
  public Duration duration() {
    return Duration.ofNanos(durationNanos);
  }
}
