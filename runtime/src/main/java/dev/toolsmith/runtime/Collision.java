package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.tool.ToolOrigin;

/**
 * A tool name registered while a tool of another toolset, or of another origin, held it: what
 * registering returns, so that a refusal is never only a log line.
 *
 * @param tool the tool name
 * @param existing the origin that held the name
 * @param existingToolset the toolset of the tool that held the name
 * @param incoming the origin that registered it again
 * @param incomingToolset the toolset of the tool registered again
 * @param replaced true when the incoming tool won (an explicit override), false when it was refused
 */
public record Collision(
    String tool,
    ToolOrigin existing,
    String existingToolset,
    ToolOrigin incoming,
    String incomingToolset,
    boolean replaced) {

  /** Checks that no component is null. */
  public Collision {
    requireNonNull(tool, "tool == null");
    requireNonNull(existing, "existing == null");
    requireNonNull(existingToolset, "existingToolset == null");
    requireNonNull(incoming, "incoming == null");
    requireNonNull(incomingToolset, "incomingToolset == null");
  }

  /** One line for a log or a listing. */
  public String describe() {
    boolean sameToolset = existingToolset.equals(incomingToolset);
    if (replaced) {
      return "'"
          + tool
          + "' of "
          + existing
          + " replaced by "
          + incoming
          + " (override allowed"
          + (sameToolset ? "" : "; toolset '" + existingToolset + "' to '" + incomingToolset + "'")
          + ")";
    }
    return "'"
        + tool
        + "' of "
        + incoming
        + " refused: "
        + existing
        + " already has it (toolset '"
        + existingToolset
        + (sameToolset ? "')" : "'; the refused tool's is '" + incomingToolset + "')");
  }
}
