package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * What the runtime knows about one call, injected into tools that declare a parameter of this type.
 *
 * @param callId the provider's id of this tool call, or empty when there is none
 * @param attributes values the application passes to its tools (user, session, workspace...)
 */
public record ToolContext(String callId, Map<String, Object> attributes) {

  private static final ToolContext EMPTY = new ToolContext("", Map.of());

  public ToolContext {
    requireNonNull(callId, "callId == null");
    attributes = Map.copyOf(requireNonNull(attributes, "attributes == null"));
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
}
