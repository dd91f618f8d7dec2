package dev.toolsmith.springai;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.ai.tool.observation.ToolCallingObservationContext;

/**
 * One registry tool as a Spring AI {@link ToolCallback}: its definition is the entry's name,
 * description and schema text as they are, and a call is {@link ToolRegistry#call}.
 *
 * <p>A failed call (unknown tool, invalid arguments, a tool that threw) is the registry's {@code
 * {"error":...}} result, returned as the tool's answer so the model can read it and try again; with
 * {@code errorsAsExceptions} it is thrown instead as a {@link ToolExecutionException} caused by a
 * {@link ToolsmithToolException}, for Spring AI's {@code ToolExecutionExceptionProcessor} to
 * handle.
 *
 * <p>The call id is Spring AI's: its {@code ToolCallingManager} puts it only in its own {@code
 * spring.ai.tool} observation (the {@code ToolContext} it builds is one for every call of a turn),
 * so the callback reads it from that observation, current while the tool runs, through the {@link
 * ObservationRegistry} the manager observes with.
 */
public final class ToolsmithToolCallback implements ToolCallback {

  private final ToolRegistry registry;
  private final ToolDefinition definition;
  private final boolean errorsAsExceptions;
  private final ObservationRegistry observations;
  private final Conversations conversations;

  private ToolsmithToolCallback(
      ToolRegistry registry,
      ToolDefinition definition,
      boolean errorsAsExceptions,
      ObservationRegistry observations,
      Conversations conversations) {
    this.registry = registry;
    this.definition = definition;
    this.errorsAsExceptions = errorsAsExceptions;
    this.observations = observations;
    this.conversations = conversations;
  }

  /** The callback of {@code entry}, whose calls go to {@code registry}; errors are results. */
  public static ToolsmithToolCallback of(ToolRegistry registry, ToolEntry entry) {
    return of(registry, entry, false);
  }

  /**
   * The callback of {@code entry}, whose calls go to {@code registry}; with {@code
   * errorsAsExceptions}, an error result is thrown as a {@link ToolExecutionException}.
   */
  public static ToolsmithToolCallback of(
      ToolRegistry registry, ToolEntry entry, boolean errorsAsExceptions) {
    return of(registry, entry, errorsAsExceptions, ObservationRegistry.NOOP);
  }

  /**
   * As {@link #of(ToolRegistry, ToolEntry, boolean)}, a call's {@code ToolContext.callId()} being
   * the id of Spring AI's tool call observation current in {@code observations} (the registry
   * Spring AI's {@code ToolCallingManager} observes with); with none, the call id is empty.
   */
  public static ToolsmithToolCallback of(
      ToolRegistry registry,
      ToolEntry entry,
      boolean errorsAsExceptions,
      ObservationRegistry observations) {
    return of(registry, entry, errorsAsExceptions, observations, Conversations.NONE);
  }

  /** As above, a provider's calls sharing its conversations' sessions and approval handler. */
  static ToolsmithToolCallback of(
      ToolRegistry registry,
      ToolEntry entry,
      boolean errorsAsExceptions,
      ObservationRegistry observations,
      Conversations conversations) {
    requireNonNull(registry, "registry == null");
    requireNonNull(entry, "entry == null");
    requireNonNull(observations, "observations == null");
    Definition definition =
        new Definition(entry.name(), entry.definition().description(), entry.definition().schema());
    return new ToolsmithToolCallback(
        registry, definition, errorsAsExceptions, observations, conversations);
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return definition;
  }

  @Override
  public String call(String toolInput) {
    return call(toolInput, null);
  }

  /** Dispatches with Spring AI's tool context map as the {@code ToolContext} attributes. */
  @Override
  public String call(String toolInput, @Nullable ToolContext toolContext) {
    ToolCallResult result = registry.call(definition.name(), toolInput, context(toolContext));
    if (errorsAsExceptions && result.isError()) {
      throw new ToolExecutionException(definition, new ToolsmithToolException(result.text()));
    }
    return result.text();
  }

  private dev.toolsmith.runtime.tool.ToolContext context(@Nullable ToolContext toolContext) {
    String callId = callId();
    if (toolContext == null || toolContext.getContext().isEmpty()) {
      dev.toolsmith.runtime.tool.ToolContext plain =
          callId.isEmpty()
              ? dev.toolsmith.runtime.tool.ToolContext.empty()
              : dev.toolsmith.runtime.tool.ToolContext.of(callId);
      return conversations == Conversations.NONE ? plain : conversations.apply(plain, Map.of());
    }
    Map<String, Object> attributes = new HashMap<>();
    toolContext
        .getContext()
        .forEach(
            (key, value) -> {
              if (key != null && value != null) { // Spring AI's map may hold nulls; ours may not
                attributes.put(key, value);
              }
            });
    return conversations.apply(
        dev.toolsmith.runtime.tool.ToolContext.of(callId, attributes), toolContext.getContext());
  }

  /** The id of Spring AI's tool call observation of this tool, if one is current; else empty. */
  private String callId() {
    Observation current = observations.getCurrentObservation();
    if (current != null
        && current.getContext() instanceof ToolCallingObservationContext spring
        && spring.getToolDefinition().name().equals(definition.name())
        && spring.getToolCallId() != null) {
      return spring.getToolCallId();
    }
    return "";
  }

  @Override
  public String toString() {
    return "ToolsmithToolCallback{" + definition.name() + "}";
  }

  /** The definition as the entry has it: an empty description stays empty. */
  private record Definition(String name, String description, String inputSchema)
      implements ToolDefinition {}
}
