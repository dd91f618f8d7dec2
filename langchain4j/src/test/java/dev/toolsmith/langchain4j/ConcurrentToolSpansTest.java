package dev.toolsmith.langchain4j;

import static dev.toolsmith.langchain4j.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.service.AiServices;
import dev.toolsmith.opentelemetry.ToolsmithTelemetry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tool spans under LangChain4j's {@code executeToolsConcurrently(executor)}: the tools run on the
 * executor's threads, which see the OpenTelemetry context only when the executor carries it ({@code
 * Context.taskWrapping}, as the README says).
 */
class ConcurrentToolSpansTest {

  interface Assistant {
    String chat(String message);
  }

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final OpenTelemetrySdk openTelemetry =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                  .build())
          .build();
  private final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void close() {
    pool.shutdownNow();
    openTelemetry.close();
  }

  @Test
  void toolSpansAreChildrenOfTheSpanCurrentWhenTheServiceWasCalled() {
    List<SpanData> tools = toolSpansUnderRequest(Context.taskWrapping(pool));
    assertEquals(2, tools.size(), tools.toString());
    SpanData request = request();
    for (SpanData tool : tools) {
      assertEquals(request.getSpanId(), tool.getParentSpanId(), tool.getName());
      assertEquals(request.getTraceId(), tool.getTraceId(), tool.getName());
    }
  }

  @Test
  void aPlainExecutorLosesTheParent() {
    // Why the README says to wrap the executor: without it the tool spans are root spans.
    List<SpanData> tools = toolSpansUnderRequest(pool);
    assertEquals(2, tools.size(), tools.toString());
    for (SpanData tool : tools) {
      assertEquals(false, tool.getParentSpanContext().isValid(), tool.getName());
    }
  }

  private List<SpanData> toolSpansUnderRequest(java.util.concurrent.Executor executor) {
    ToolRegistry registry = ToolRegistry.builder().build();
    Discovery.builder().build().into(registry);
    ToolsmithTelemetry.create(openTelemetry).observe(registry);
    ScriptedChatModel model =
        new ScriptedChatModel(
            List.of(
                call("call_1", "add", "{\"a\":2,\"b\":3}"),
                call("call_2", "add", "{\"a\":1,\"b\":1}")));
    Assistant assistant =
        AiServices.builder(Assistant.class)
            .chatModel(model)
            .toolProvider(ToolsmithToolProvider.of(registry))
            .executeToolsConcurrently(executor)
            .build();
    Span request = openTelemetry.getTracer("test").spanBuilder("request").startSpan();
    try (Scope ignored = request.makeCurrent()) {
      assertEquals("add=5\nadd=2", assistant.chat("Add, twice"));
    } finally {
      request.end();
    }
    return exporter.getFinishedSpanItems().stream()
        .filter(span -> span.getName().equals("execute_tool add"))
        .toList();
  }

  private SpanData request() {
    return exporter.getFinishedSpanItems().stream()
        .filter(span -> span.getName().equals("request"))
        .findFirst()
        .orElseThrow();
  }
}
