package dev.toolsmith.runtime;

/**
 * What {@link ToolRegistry#register} does when a tool's name is already taken by a tool of another
 * toolset; a name re-registered in its own toolset is always replaced silently.
 *
 * <p>Either way the collision is logged, so no tool is ever shadowed silently.
 */
public enum CollisionPolicy {
  /** The existing tool stays and the new one is refused (the default). */
  KEEP_EXISTING,
  /** The new tool replaces the existing one: an explicit override, for plugins meant to win. */
  REPLACE
}
