package dev.toolsmith.opentelemetry;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.observation.ToolCall;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolOrigin;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link ToolObserver} that turns every dispatch into an OpenTelemetry span and two metrics,
 * after the GenAI semantic conventions for tool execution: a span {@code execute_tool NAME} (kind
 * internal) with {@code gen_ai.operation.name}, {@code gen_ai.tool.name}, {@code gen_ai.tool.type},
 * {@code gen_ai.tool.call.id} and, on failure, {@code error.type} and an error status; the
 * histogram {@code gen_ai.execute_tool.duration} (seconds) and the counter {@code
 * toolsmith.tool.calls}, both by tool and outcome.
 *
 * <p>The span is current while the tool runs, so the tool's own spans (an HTTP client's, a
 * database's) are its children. Arguments and results may hold personal data: they are recorded
 * ({@code gen_ai.tool.call.arguments}, {@code gen_ai.tool.call.result}) only when the builder says
 * so. What a tool threw is recorded as the span's exception event.
 *
 * <p>A tool of a tool source (an MCP server) gets the span's context as propagation headers, made
 * by the application's configured propagators, in its {@code ToolContext}; the MCP client sends
 * them in the request's {@code _meta}, so the server's spans join the trace.
 */
public final class ToolsmithTelemetry implements ToolObserver {

  /** The instrumentation scope name of the spans and metrics. */
  public static final String INSTRUMENTATION_NAME = "dev.toolsmith";

  static final AttributeKey<String> OPERATION_NAME =
      AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
  static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> TOOL_CALL_ARGUMENTS =
      AttributeKey.stringKey("gen_ai.tool.call.arguments");
  static final AttributeKey<String> TOOL_CALL_RESULT =
      AttributeKey.stringKey("gen_ai.tool.call.result");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("toolsmith.tool.outcome");
  static final AttributeKey<String> TOOLSET = AttributeKey.stringKey("toolsmith.tool.toolset");
  static final AttributeKey<String> ORIGIN = AttributeKey.stringKey("toolsmith.tool.origin");

  static final String EXECUTE_TOOL = "execute_tool";

  /** The conventions' advice for GenAI durations, in seconds. */
  private static final List<Double> DURATION_BUCKETS =
      List.of(
          0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92);

  private final Tracer tracer;
  private final TextMapPropagator propagator;
  private final DoubleHistogram duration;
  private final LongCounter calls;
  private final boolean recordArguments;
  private final boolean recordResults;

  private ToolsmithTelemetry(Builder builder) {
    this.tracer = builder.openTelemetry.getTracer(INSTRUMENTATION_NAME);
    this.propagator = builder.openTelemetry.getPropagators().getTextMapPropagator();
    Meter meter = builder.openTelemetry.getMeter(INSTRUMENTATION_NAME);
    this.duration =
        meter
            .histogramBuilder("gen_ai.execute_tool.duration")
            .setUnit("s")
            .setDescription("Duration of tool executions.")
            .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
            .build();
    this.calls =
        meter
            .counterBuilder("toolsmith.tool.calls")
            .setUnit("{call}")
            .setDescription("Tool calls dispatched, by tool and outcome.")
            .build();
    this.recordArguments = builder.recordArguments;
    this.recordResults = builder.recordResults;
  }

  /** Spans and metrics through {@code openTelemetry}, arguments and results not recorded. */
  public static ToolsmithTelemetry create(OpenTelemetry openTelemetry) {
    return builder(openTelemetry).build();
  }

  /** A builder for spans and metrics through {@code openTelemetry}. */
  public static Builder builder(OpenTelemetry openTelemetry) {
    return new Builder(requireNonNull(openTelemetry, "openTelemetry == null"));
  }

  /** Observes {@code registry}'s calls from now on; returns this, to keep for removing it. */
  public ToolsmithTelemetry observe(ToolRegistry registry) {
    registry.addObserver(this);
    return this;
  }

  @Override
  // The scope outlives this method: the CallEnd closes it, on this thread, and dispatch always
  // calls the CallEnd before it returns.
  @SuppressWarnings("MustBeClosedChecker")
  public CallEnd callStarted(ToolCall call) {
    Span span =
        tracer
            .spanBuilder(EXECUTE_TOOL + " " + call.name())
            .setSpanKind(SpanKind.INTERNAL)
            .setAttribute(OPERATION_NAME, EXECUTE_TOOL)
            .setAttribute(TOOL_NAME, call.name())
            .setAttribute(TOOL_TYPE, "function")
            .startSpan();
    if (!call.callId().isEmpty()) {
      span.setAttribute(TOOL_CALL_ID, call.callId());
    }
    if (!call.toolset().isEmpty()) {
      span.setAttribute(TOOLSET, call.toolset());
    }
    if (call.origin() != null) {
      span.setAttribute(ORIGIN, call.origin().toString());
    }
    if (recordArguments) {
      span.setAttribute(TOOL_CALL_ARGUMENTS, call.arguments());
    }
    Context context = Context.current().with(span);
    Scope scope = context.makeCurrent();
    Map<String, String> headers = Map.of();
    ToolOrigin origin = call.origin();
    if (origin != null && origin.kind() == ToolOrigin.Kind.SOURCE) { // a tool in another process
      Map<String, String> injected = new LinkedHashMap<>();
      propagator.inject(context, injected, Map::put);
      headers = injected;
    }
    return new SpanEnd(call, span, scope, headers);
  }

  /** Ends one call's span: its outcome recorded, its scope closed. */
  private final class SpanEnd implements CallEnd {
    private final ToolCall call;
    private final Span span;
    private final Scope scope;
    private final Map<String, String> headers;

    SpanEnd(ToolCall call, Span span, Scope scope, Map<String, String> headers) {
      this.call = call;
      this.span = span;
      this.scope = scope;
      this.headers = headers;
    }

    @Override
    public void ended(ToolCallResult result) {
      try {
        ToolsmithTelemetry.this.ended(call, span, result);
      } finally {
        scope.close();
        span.end();
      }
    }

    /** The span's context for tools of a tool source (MCP servers), which pass it on. */
    @Override
    public Map<String, String> traceHeaders() {
      return headers;
    }
  }

  private void ended(ToolCall call, Span span, ToolCallResult result) {
    String outcome = result.outcome().name().toLowerCase(Locale.ROOT);
    String errorType = result.isError() ? errorType(result, outcome) : null;
    span.setAttribute(OUTCOME, outcome);
    if (errorType != null) {
      span.setAttribute(ERROR_TYPE, errorType);
      span.setStatus(StatusCode.ERROR, outcome);
      if (result.failure() != null) {
        span.recordException(result.failure());
      }
    }
    if (recordResults) {
      span.setAttribute(TOOL_CALL_RESULT, result.text());
    }
    AttributesBuilder metric =
        Attributes.builder()
            .put(OPERATION_NAME, EXECUTE_TOOL)
            .put(TOOL_NAME, call.name())
            .put(OUTCOME, outcome);
    if (errorType != null) {
      metric.put(ERROR_TYPE, errorType);
    }
    Attributes attributes = metric.build();
    duration.record(result.durationNanos() / 1e9, attributes);
    calls.add(1, attributes);
  }

  /**
   * The conventions' {@code error.type}: the class of what the tool threw, else the outcome (a
   * low-cardinality code: {@code invalid_arguments}, {@code tool_failure}, {@code unknown_tool},
   * {@code unavailable}).
   */
  private static String errorType(ToolCallResult result, String outcome) {
    Throwable failure = result.failure();
    return failure == null || result.outcome() == ToolCallResult.Outcome.INVALID_ARGUMENTS
        ? outcome
        : failure.getClass().getName();
  }

  /** Configures a {@link ToolsmithTelemetry}. */
  public static final class Builder {
    private final OpenTelemetry openTelemetry;
    private boolean recordArguments;
    private boolean recordResults;

    private Builder(OpenTelemetry openTelemetry) {
      this.openTelemetry = openTelemetry;
    }

    /**
     * Whether each span records the call's arguments text as {@code gen_ai.tool.call.arguments};
     * default false, since arguments may hold personal data.
     */
    public Builder recordArguments(boolean recordArguments) {
      this.recordArguments = recordArguments;
      return this;
    }

    /**
     * Whether each span records the result text as {@code gen_ai.tool.call.result}; default false,
     * since results may hold personal data.
     */
    public Builder recordResults(boolean recordResults) {
      this.recordResults = recordResults;
      return this;
    }

    /** The observer; add it with {@link ToolRegistry#addObserver} or {@link #observe}. */
    public ToolsmithTelemetry build() {
      return new ToolsmithTelemetry(this);
    }
  }
}
