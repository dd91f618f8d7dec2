package dev.toolsmith.runtime;

import dev.toolsmith.runtime.observation.ToolCall;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The call pipeline with a registry's observers told: each is told that a call begins, before the
 * pipeline runs, and how it ended, once the pipeline's value is ready. The tool gets the context
 * with the trace headers an observer gave. An observer that throws is logged and skipped.
 */
final class ObservedCaller implements ToolCaller {

  private final ToolCaller pipeline;
  private final CallObservers observers;

  ObservedCaller(ToolCaller pipeline, CallObservers observers) {
    this.pipeline = pipeline;
    this.observers = observers;
  }

  @Override
  public ToolCallResult call(
      RegistryState snapshot, @Nullable String name, String arguments, ToolContext context) {
    ToolEntry entry = name == null ? null : snapshot.byName.get(name);
    ToolCall call =
        new ToolCall(
            name == null ? "" : name,
            entry == null ? "" : entry.toolset(),
            entry == null ? null : snapshot.origins.get(entry.name()),
            arguments,
            context);
    ToolObserver[] current = observers.current();
    ToolObserver.CallEnd[] ends = new ToolObserver.CallEnd[current.length];
    ToolContext traced = context;
    for (int i = 0; i < current.length; i++) {
      ends[i] = started(current[i], call);
      if (traced.traceHeaders().isEmpty()) {
        traced = traced.withTraceHeaders(traceHeaders(ends[i], call));
      }
    }
    // The pipeline's clock starts after the observers, so their own cost is not the tool's.
    ToolCallResult result = pipeline.call(snapshot, name, arguments, traced);
    for (ToolObserver.CallEnd end : ends) {
      try {
        end.ended(result);
      } catch (Throwable t) { // the contract: an observer cannot break a call
        CallObservers.warn(end, "the end of a call of '" + call.name() + "'", t);
      }
    }
    return result;
  }

  private static ToolObserver.CallEnd started(ToolObserver observer, ToolCall call) {
    try {
      ToolObserver.CallEnd end = observer.callStarted(call);
      return end == null ? ToolObserver.CallEnd.NONE : end;
    } catch (Throwable t) { // the contract: an observer cannot break a call
      CallObservers.warn(observer, "the start of a call of '" + call.name() + "'", t);
      return ToolObserver.CallEnd.NONE;
    }
  }

  private static Map<String, String> traceHeaders(ToolObserver.CallEnd end, ToolCall call) {
    try {
      Map<String, String> headers = end.traceHeaders();
      return headers == null ? Map.of() : headers;
    } catch (Throwable t) { // the contract: an observer cannot break a call
      CallObservers.warn(end, "the trace headers of a call of '" + call.name() + "'", t);
      return Map.of();
    }
  }
}
