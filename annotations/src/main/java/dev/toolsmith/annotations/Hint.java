package dev.toolsmith.annotations;

/**
 * One behaviour hint of a {@link Tool} ({@link Tool#readOnly()}, {@link Tool#destructive()}, ...):
 * said to be true, said to be false, or not said at all. MCP treats an unsaid hint differently from
 * a false one (an unsaid {@code destructiveHint} means "assume destructive"), so a hint has three
 * values, like Jackson's {@code OptBoolean}.
 */
public enum Hint {
  /** The tool has this property. */
  TRUE,
  /** The tool does not have this property. */
  FALSE,
  /** Not said: clients assume the protocol's default. */
  UNSPECIFIED
}
