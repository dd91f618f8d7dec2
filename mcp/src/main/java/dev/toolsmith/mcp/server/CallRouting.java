package dev.toolsmith.mcp.server;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import java.util.Map;
import java.util.NavigableMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Where a served call goes, the same in both eras: {@code search_tools} and {@code call_tool} when
 * tool search is on, else a tool through {@link ToolRegistry#call} (a call whose outcome is an
 * error comes back as an {@code isError} result, a name nobody serves as the JSON-RPC error for an
 * unknown tool, with the registry's message).
 */
final class CallRouting {

  private final ToolRegistry registry;
  private final Predicate<ToolEntry> filter;
  private final Supplier<NavigableMap<String, ServedTool>> served;
  private final Runnable beforeCall;
  private final @Nullable ServedToolSearch toolSearch;

  /**
   * Calls the tools of {@code registry} that {@code filter} accepts; {@code served} gives the tools
   * served now, and {@code beforeCall} runs before each tool call (to check availability again).
   */
  CallRouting(
      ToolRegistry registry,
      Predicate<ToolEntry> filter,
      Supplier<NavigableMap<String, ServedTool>> served,
      Runnable beforeCall,
      @Nullable ServedToolSearch toolSearch) {
    this.registry = registry;
    this.filter = filter;
    this.served = served;
    this.beforeCall = beforeCall;
    this.toolSearch = toolSearch;
  }

  /** Answers a call of {@code name} with {@code arguments}; never throws. */
  CallAnswer call(String name, @Nullable Map<String, Object> arguments, ToolContext context) {
    if (toolSearch != null && ServedToolSearch.isOwn(name)) {
      if (CallTool.NAME.equals(name)) {
        return callTool(arguments, context);
      }
      return toolSearch.search(context.callId(), arguments, served.get());
    }
    // Raw arguments go to the registry's reader as the client wrote them (duplicate keys too).
    String text =
        arguments instanceof RawArguments raw
            ? raw.json()
            : McpJson.write(arguments == null ? Map.of() : arguments);
    return call(name, text, context);
  }

  /**
   * A call of {@code call_tool}: the tool it names called as a direct call would be, except that a
   * name nobody serves (the search's own tools included) is an error result with the registry's
   * text, as {@code call_tool} itself exists.
   */
  private CallAnswer callTool(@Nullable Map<String, Object> arguments, ToolContext context) {
    CallTool.Request request = CallTool.Request.read(arguments);
    if (request.name() == null) {
      return new CallAnswer(McpJson.error(String.valueOf(request.problem())), null, true);
    }
    String name = request.name();
    CallAnswer answer =
        ServedToolSearch.isOwn(name) ? null : call(name, request.arguments(), context);
    return answer == null || answer.unknownTool()
        ? new CallAnswer(ToolCallResult.unknownTool(name).text(), null, true)
        : answer;
  }

  /**
   * Calls one tool; the registry never throws, so every outcome is an answer. A name the server
   * does not serve (unregistered, or left out by the filter) never reaches the registry's tools.
   */
  private CallAnswer call(String name, String arguments, ToolContext context) {
    beforeCall.run();
    NavigableMap<String, ServedTool> now = served.get();
    if (!now.containsKey(name) && registry.entry(name).filter(filter).isEmpty()) {
      return CallAnswer.unknown(ToolCallResult.unknownTool(name));
    }
    ToolCallResult result = registry.call(name, arguments, context);
    if (result.outcome() == ToolCallResult.Outcome.UNKNOWN_TOOL) {
      return CallAnswer.unknown(result);
    }
    ServedTool tool = now.get(name);
    // Unavailable now, or no longer served: the registry's answer as text.
    return tool != null
        ? tool.answer(result)
        : new CallAnswer(result.text(), null, result.isError());
  }
}
