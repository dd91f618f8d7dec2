package dev.toolsmith.runtime.observation;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolOrigin;
import org.jspecify.annotations.Nullable;

/**
 * One dispatch as a {@link ToolObserver} sees it when it begins.
 *
 * @param name the tool name the call asked for (empty when the caller gave none)
 * @param toolset the tool's toolset; empty for an unknown tool
 * @param origin where the tool came from; null for an unknown tool
 * @param arguments the arguments text the tool receives, as the model sent it: it may hold personal
 *     data, so record it only when the application allows
 * @param context the call's context: its id and the application's attributes
 */
public record ToolCall(
    String name,
    String toolset,
    @Nullable ToolOrigin origin,
    String arguments,
    ToolContext context) {

  public ToolCall {
    requireNonNull(name, "name == null");
    requireNonNull(toolset, "toolset == null");
    requireNonNull(arguments, "arguments == null");
    requireNonNull(context, "context == null");
  }

  /** The provider's id of this call (from the {@link ToolContext}), or empty when there is none. */
  public String callId() {
    return context.callId();
  }

  /** The length of the arguments text, in chars. */
  public int argumentsChars() {
    return arguments.length();
  }
}
