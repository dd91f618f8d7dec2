package dev.toolsmith.mcp.internal;

/**
 * How this module names itself to the other side of an MCP connection: the {@code clientInfo} the
 * client connects with, and the {@code serverInfo} a served registry gives unless told otherwise.
 */
public final class ImplementationInfo {

  /** The implementation's name. */
  public static final String NAME = "toolsmith";

  /** The implementation's version. */
  public static final String VERSION = "0.1.0";

  private ImplementationInfo() {}
}
