package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * What the runtime knows about one call, injected into tools that declare a parameter of this type.
 *
 * @param callId the provider's id of this tool call, or empty when there is none
 * @param attributes values the application passes to its tools (user, session, workspace...)
 * @param traceHeaders the trace context of this call's span as propagation headers (W3C {@code
 *     traceparent}, {@code tracestate}), for tools that call another process: the MCP client sends
 *     them in a request's {@code _meta}. Set by a {@link ToolObserver} that traces calls ({@link
 *     ToolObserver.CallEnd#traceHeaders}); empty otherwise.
 */
public record ToolContext(
    String callId, Map<String, Object> attributes, Map<String, String> traceHeaders) {

  private static final ToolContext EMPTY = new ToolContext("", Map.of());

  public ToolContext {
    requireNonNull(callId, "callId == null");
    attributes = Map.copyOf(requireNonNull(attributes, "attributes == null"));
    traceHeaders = Map.copyOf(requireNonNull(traceHeaders, "traceHeaders == null"));
  }

  /** A context with the given call id and attributes, and no trace headers. */
  public ToolContext(String callId, Map<String, Object> attributes) {
    this(callId, attributes, Map.of());
  }

  /** A context with no call id and no attributes. */
  public static ToolContext empty() {
    return EMPTY;
  }

  /** A context with the given call id and no attributes. */
  public static ToolContext of(String callId) {
    return new ToolContext(callId, Map.of());
  }

  /** The attribute under {@code key} if it is present and of {@code type}. */
  public <T> Optional<T> attribute(String key, Class<T> type) {
    Object value = attributes.get(key);
    return type.isInstance(value) ? Optional.of(type.cast(value)) : Optional.empty();
  }

  /** This context with {@code traceHeaders} in place of its own. */
  public ToolContext withTraceHeaders(Map<String, String> traceHeaders) {
    return new ToolContext(callId, attributes, traceHeaders);
  }
}
