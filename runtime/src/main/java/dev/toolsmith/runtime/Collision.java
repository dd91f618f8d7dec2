package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

/**
 * A tool name registered by one origin while another origin's tool held it.
 *
 * @param tool the tool name
 * @param existing the origin that held the name
 * @param incoming the origin that registered it again
 * @param replaced true when the incoming tool won (its origin may override), false when it was refused
 */
public record Collision(String tool, ToolOrigin existing, ToolOrigin incoming, boolean replaced) {

  public Collision {
    requireNonNull(tool, "tool == null");
    requireNonNull(existing, "existing == null");
    requireNonNull(incoming, "incoming == null");
  }

  /** One line for a log or a listing. */
  public String describe() {
    return replaced
        ? "'" + tool + "' of " + existing + " replaced by " + incoming + " (override allowed)"
        : "'" + tool + "' of " + incoming + " refused: " + existing + " already has it";
  }
}
