package dev.toolsmith.opentelemetry;

import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.assertThat;
import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Real dispatches of processor-compiled tools, exported to the SDK's in-memory exporters. */
class ToolsmithTelemetryTest {

  @RegisterExtension static final OpenTelemetryExtension otel = OpenTelemetryExtension.create();

  private final ToolRegistry registry = Discovery.discover();

  @BeforeEach
  void setUp() {
    WeatherTools.SPAN_IN_TOOL.set("");
  }

  @Test
  void aCallIsOneExecuteToolSpanAfterTheGenAiConventionsAndCurrentWhileTheToolRuns() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);

    String result =
        registry.dispatch(
            "forecast", "{\"city\":\"Zürich\",\"days\":2}", ToolContext.of("call_abc"));

    assertThat(result).isEqualTo("{\"city\":\"Zürich\",\"days\":2}");
    List<SpanData> spans = otel.getSpans();
    assertThat(spans).hasSize(1);
    assertThat(spans.get(0))
        .hasName("execute_tool forecast")
        .hasKind(SpanKind.INTERNAL)
        .hasAttributesSatisfyingExactly(
            equalTo(AttributeKey.stringKey("gen_ai.operation.name"), "execute_tool"),
            equalTo(AttributeKey.stringKey("gen_ai.tool.name"), "forecast"),
            equalTo(AttributeKey.stringKey("gen_ai.tool.type"), "function"),
            equalTo(AttributeKey.stringKey("gen_ai.tool.call.id"), "call_abc"),
            equalTo(AttributeKey.stringKey("toolsmith.tool.toolset"), "weather"),
            equalTo(AttributeKey.stringKey("toolsmith.tool.origin"), "built-in " + indexOrigin()),
            equalTo(AttributeKey.stringKey("toolsmith.tool.outcome"), "result"))
        .hasStatus(io.opentelemetry.sdk.trace.data.StatusData.unset())
        .hasEnded();
    assertThat(WeatherTools.SPAN_IN_TOOL.get()).isEqualTo(spans.get(0).getSpanId());
  }

  @Test
  void theSpanIsAChildOfTheApplicationsCurrentSpan() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);
    Span agentTurn = otel.getOpenTelemetry().getTracer("app").spanBuilder("turn").startSpan();
    try (Scope ignored = agentTurn.makeCurrent()) {
      registry.dispatch("forecast", "{\"city\":\"Bern\",\"days\":1}");
    } finally {
      agentTurn.end();
    }

    SpanData tool = span("execute_tool forecast");
    assertThat(tool).hasParent(span("turn"));
    assertThat(Span.current().getSpanContext().isValid())
        .as("the tool's scope is closed after the call")
        .isFalse();
  }

  @Test
  void failuresCarryErrorTypeAndAnErrorStatus() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);

    registry.dispatch("warnings", "{\"region\":\"Alps\"}");
    registry.dispatch("forecast", "{\"city\":\"Bern\",\"days\":99}");
    registry.dispatch("nowcast", "{}");

    assertThat(span("execute_tool warnings"))
        .hasStatus(
            io.opentelemetry.sdk.trace.data.StatusData.create(StatusCode.ERROR, "tool_failure"))
        .hasAttribute(AttributeKey.stringKey("error.type"), "java.lang.IllegalStateException")
        .hasException(new IllegalStateException("weather service down"));
    assertThat(span("execute_tool forecast"))
        .hasAttribute(AttributeKey.stringKey("error.type"), "invalid_arguments")
        .hasAttribute(AttributeKey.stringKey("toolsmith.tool.outcome"), "invalid_arguments");
    assertThat(span("execute_tool nowcast"))
        .hasAttribute(AttributeKey.stringKey("error.type"), "unknown_tool")
        .hasAttributesSatisfying(
            attributes ->
                assertThat(attributes.get(AttributeKey.stringKey("toolsmith.tool.toolset")))
                    .isNull());
  }

  @Test
  void argumentsAndResultsAreRecordedOnlyWhenTheApplicationOptsIn() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);
    registry.dispatch("forecast", "{\"city\":\"Bern\",\"days\":1}");
    assertThat(span("execute_tool forecast").getAttributes().asMap().keySet())
        .extracting(AttributeKey::getKey)
        .doesNotContain("gen_ai.tool.call.arguments", "gen_ai.tool.call.result");
    otel.clearSpans();

    ToolRegistry optedIn = Discovery.discover();
    ToolsmithTelemetry.builder(otel.getOpenTelemetry())
        .recordArguments(true)
        .recordResults(true)
        .build()
        .observe(optedIn);
    optedIn.dispatch("forecast", "{\"city\":\"Bern\",\"days\":1}");

    assertThat(span("execute_tool forecast"))
        .hasAttribute(
            AttributeKey.stringKey("gen_ai.tool.call.arguments"), "{\"city\":\"Bern\",\"days\":1}")
        .hasAttribute(
            AttributeKey.stringKey("gen_ai.tool.call.result"), "{\"city\":\"Bern\",\"days\":1}");
  }

  @Test
  void anAsyncToolsSpanAndDurationLastUntilItCompletes() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);

    assertThat(registry.dispatch("radar", "{\"region\":\"Alps\"}")).isEqualTo("radar of Alps");

    SpanData radar = span("execute_tool radar");
    assertThat(radar.getEndEpochNanos() - radar.getStartEpochNanos())
        .isGreaterThanOrEqualTo(120_000_000L);
    HistogramPointData point =
        histogramPoints().stream()
            .filter(
                p ->
                    "radar"
                        .equals(p.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))))
            .findFirst()
            .orElseThrow();
    assertThat(point.getSum()).isGreaterThanOrEqualTo(0.12);
  }

  @Test
  void aDurationHistogramAndACallCounterByToolAndOutcome() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);

    registry.dispatch("forecast", "{\"city\":\"Bern\",\"days\":1}");
    registry.dispatch("forecast", "{\"city\":\"Chur\",\"days\":3}");
    registry.dispatch("warnings", "{\"region\":\"Alps\"}");

    Attributes forecastOk =
        Attributes.builder()
            .put("gen_ai.operation.name", "execute_tool")
            .put("gen_ai.tool.name", "forecast")
            .put("toolsmith.tool.outcome", "result")
            .build();
    Attributes warningsFailed =
        Attributes.builder()
            .put("gen_ai.operation.name", "execute_tool")
            .put("gen_ai.tool.name", "warnings")
            .put("toolsmith.tool.outcome", "tool_failure")
            .put("error.type", "java.lang.IllegalStateException")
            .build();
    assertThat(histogramPoints())
        .extracting(HistogramPointData::getAttributes, HistogramPointData::getCount)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(forecastOk, 2L),
            org.assertj.core.groups.Tuple.tuple(warningsFailed, 1L));
    assertThat(metric("gen_ai.execute_tool.duration").getUnit()).isEqualTo("s");
    assertThat(metric("toolsmith.tool.calls").getLongSumData().getPoints())
        .extracting(LongPointData::getAttributes, LongPointData::getValue)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(forecastOk, 2L),
            org.assertj.core.groups.Tuple.tuple(warningsFailed, 1L));
  }

  private String indexOrigin() {
    return registry.originOf("forecast").orElseThrow().name();
  }

  private SpanData span(String name) {
    return otel.getSpans().stream()
        .filter(span -> span.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no span " + name + " in " + otel.getSpans()));
  }

  private MetricData metric(String name) {
    return otel.getMetrics().stream()
        .filter(metric -> metric.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no metric " + name + " in " + otel.getMetrics()));
  }

  private List<HistogramPointData> histogramPoints() {
    return List.copyOf(metric("gen_ai.execute_tool.duration").getHistogramData().getPoints());
  }

  @Test
  void aToolOfAToolSourceGetsTheSpansTraceContextToSendOn() {
    ToolsmithTelemetry.create(otel.getOpenTelemetry()).observe(registry);
    List<Map<String, String>> seen = new ArrayList<>();
    registry.registerAll(
        ToolOrigin.source("mcp_servers.weather"),
        List.of(
            ToolEntry.builder("mcp__weather__alerts", "mcp-weather")
                .schema("{\"type\":\"object\"}")
                .handler(
                    (ToolHandler.Sync)
                        (arguments, context) -> {
                          seen.add(context.traceHeaders());
                          return "{}";
                        })
                .build()),
        false);

    registry.dispatch("mcp__weather__alerts", "{}");
    registry.dispatch("forecast", "{\"city\":\"Bern\",\"days\":1}");

    SpanData alerts = span("execute_tool mcp__weather__alerts");
    assertThat(seen)
        .containsExactly(
            Map.of(
                "traceparent",
                "00-"
                    + alerts.getTraceId()
                    + "-"
                    + alerts.getSpanId()
                    + "-"
                    + alerts.getSpanContext().getTraceFlags().asHex()));
  }
}
