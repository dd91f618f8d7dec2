package dev.toolsmith.runtime.observation;

import dev.toolsmith.runtime.result.ToolCallResult;
import java.util.Map;

/**
 * Told of every call a {@link dev.toolsmith.runtime.ToolRegistry} dispatches and every listing it
 * makes: for logs, traces and metrics ({@code toolsmith-opentelemetry}, the Spring Boot starter's
 * Micrometer observations). Added with {@link dev.toolsmith.runtime.ToolRegistry#addObserver}; a
 * registry without observers pays nothing for them.
 *
 * <p>Observers run on the thread that calls the registry. {@link #callStarted} runs before the
 * tool's arguments are read, and the {@link CallEnd} it returns runs on the same thread once the
 * call is over (an async tool's stage completed), before {@code dispatch} returns: a trace span
 * made current in one and closed in the other encloses the tool's own work. An observer that throws
 * is logged and skipped; the call and the other observers go on. Keep observers short: they add to
 * every call.
 *
 * <p>A lambda observes calls: {@code registry.addObserver(call -> result -> log(call, result))}.
 */
@FunctionalInterface
public interface ToolObserver {

  /**
   * A call begins. Returns what is told how it ended; {@link CallEnd#NONE} when this observer only
   * watches listings.
   */
  CallEnd callStarted(ToolCall call);

  /** A listing was made; told after it, on the listing's thread. */
  default void listed(ToolListing listing) {}

  /** Told how one call ended. */
  @FunctionalInterface
  interface CallEnd {

    /** Does nothing. */
    CallEnd NONE = result -> {};

    /** The call ended with {@code result}. */
    void ended(ToolCallResult result);

    /**
     * The trace context of the call's span as propagation headers (W3C {@code traceparent}...),
     * asked once, right after {@link #callStarted}: the first non-empty answer among the observers
     * is the tool's {@link dev.toolsmith.runtime.tool.ToolContext#traceHeaders()}, which the MCP
     * client sends on. Empty (the default) when this observer does not trace.
     */
    default Map<String, String> traceHeaders() {
      return Map.of();
    }
  }
}
