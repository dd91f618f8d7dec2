package dev.toolsmith.spring.boot;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.observation.ToolCall;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ToolCallResult;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.tool.observation.ToolCallingObservationContext;

/**
 * Every dispatch as a Micrometer {@link Observation} named {@value #NAME}: with Spring Boot's
 * actuator that is a timer (by tool and outcome) and, with a tracing bridge, a span {@code
 * execute_tool NAME}. Low-cardinality key values: {@code gen_ai.operation.name}, {@code
 * gen_ai.tool.name}, {@code toolsmith.tool.toolset}, {@code toolsmith.tool.outcome} and, on
 * failure, {@code error.type}; the call id is a high-cardinality one. Arguments and results are not
 * recorded; handlers that want them read the {@link Context}.
 *
 * <p>Inside Spring AI's own tool observation ({@code spring.ai.tool}, contextual name {@code
 * execute_tool NAME}), this one is its child named {@code dispatch NAME}, so that a trace does not
 * show two spans of the same name: Spring AI's is the tool execution, ours the registry's dispatch
 * within it (with its outcome and toolset).
 */
public final class ToolCallObservation implements ToolObserver {

  /** The observation's name (the timer's, with actuator). */
  public static final String NAME = "toolsmith.tool.call";

  private final ObservationRegistry registry;

  public ToolCallObservation(ObservationRegistry registry) {
    this.registry = requireNonNull(registry, "registry == null");
  }

  @Override
  // The scope outlives this method: the CallEnd closes it, on this thread, and dispatch always
  // calls the CallEnd before it returns.
  @SuppressWarnings("MustBeClosedChecker")
  public CallEnd callStarted(ToolCall call) {
    Context context = new Context(call);
    Observation observation =
        Observation.createNotStarted(NAME, () -> context, registry)
            .contextualName(contextualName(call.name()))
            .lowCardinalityKeyValue("gen_ai.operation.name", "execute_tool")
            .lowCardinalityKeyValue("gen_ai.tool.name", call.name())
            .lowCardinalityKeyValue("toolsmith.tool.toolset", call.toolset());
    if (!call.callId().isEmpty()) {
      observation.highCardinalityKeyValue("gen_ai.tool.call.id", call.callId());
    }
    observation.start();
    Observation.Scope scope = observation.openScope();
    return result -> {
      try {
        context.result = result;
        String outcome = result.outcome().name().toLowerCase(Locale.ROOT);
        observation.lowCardinalityKeyValue("toolsmith.tool.outcome", outcome);
        if (result.isError()) {
          Throwable failure = result.failure();
          observation.lowCardinalityKeyValue(
              "error.type",
              failure == null || result.outcome() == ToolCallResult.Outcome.INVALID_ARGUMENTS
                  ? outcome
                  : failure.getClass().getName());
          if (failure != null) {
            observation.error(failure);
          }
        }
      } finally {
        scope.close();
        observation.stop();
      }
    };
  }

  /** {@code execute_tool NAME}, or {@code dispatch NAME} inside Spring AI's execution of NAME. */
  private String contextualName(String tool) {
    Observation current = registry.getCurrentObservation();
    boolean insideSpringAi =
        current != null && current.getContext() instanceof ToolCallingObservationContext;
    return (insideSpringAi ? "dispatch " : "execute_tool ") + tool;
  }

  /** What handlers see of one call: the call, and once it ended, its result. */
  public static final class Context extends Observation.Context {
    private final ToolCall call;
    private @Nullable ToolCallResult result;

    Context(ToolCall call) {
      this.call = call;
    }

    /** The call. */
    public ToolCall call() {
      return call;
    }

    /** How it ended; null while it runs. */
    public @Nullable ToolCallResult result() {
      return result;
    }
  }
}
