package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.spi.ToolSource;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.util.List;

/**
 * What discovery did with one source of tools: a built-in index, one origin of a {@link ToolSource}
 * (an MCP server), or a plugin.
 *
 * @param origin the origin its tools are registered under
 * @param status whether it loaded
 * @param tools the tool names it registered, sorted (refused ones left out)
 * @param detail where it came from (an index class, a jar) or why it failed or was disabled
 */
public record SourceReport(ToolOrigin origin, Status status, List<String> tools, String detail) {

  /** The outcome for one source. */
  public enum Status {
    /** Its tools were registered (some may have been refused as collisions). */
    LOADED,
    /** It could not be loaded; {@code detail} says why. Nothing of it was registered. */
    FAILED,
    /** The configuration leaves it out; it was not loaded. */
    DISABLED
  }

  public SourceReport {
    requireNonNull(origin, "origin == null");
    requireNonNull(status, "status == null");
    tools = List.copyOf(requireNonNull(tools, "tools == null"));
    requireNonNull(detail, "detail == null");
  }

  /** One line for a listing, e.g. {@code plugin example: loaded 2 tool(s) from /p/example.jar}. */
  public String describe() {
    return switch (status) {
      case LOADED ->
          origin
              + ": loaded "
              + tools.size()
              + " tool(s)"
              + (detail.isEmpty() ? "" : " from " + detail);
      case FAILED -> origin + ": FAILED: " + detail;
      default -> origin + ": disabled (" + detail + ")";
    };
  }
}
