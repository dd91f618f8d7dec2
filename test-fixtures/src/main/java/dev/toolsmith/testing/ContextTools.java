package dev.toolsmith.testing;

import dev.toolsmith.annotations.Tool;
import dev.toolsmith.runtime.tool.ToolContext;

/** A tool that reads the per-call context the application passes. */
public final class ContextTools {

  private ContextTools() {}

  /** Tells which user the conversation belongs to. */
  @Tool(toolset = "session")
  public static String whoAmI(ToolContext context) {
    return "user " + context.attribute("user", String.class).orElse("unknown");
  }
}
