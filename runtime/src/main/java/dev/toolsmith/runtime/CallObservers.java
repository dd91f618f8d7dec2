package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A registry's {@link ToolObserver observers}: who is told of calls and listings, the observed
 * dispatch, and the telling. Reading them is one volatile read of an array, so a registry without
 * observers pays a length check per call; an observer that throws is logged and skipped.
 */
final class CallObservers {

  private static final Logger LOG = LazyLogger.of(ToolRegistry.class.getName());
  private static final ToolObserver[] NONE = {};

  private volatile ToolObserver[] observers = NONE;

  /** Whether any observer is set: when not, nothing here runs. */
  boolean any() {
    return observers.length != 0;
  }

  synchronized void add(ToolObserver observer) {
    ToolObserver[] next = Arrays.copyOf(observers, observers.length + 1);
    next[observers.length] = observer;
    observers = next;
  }

  synchronized boolean remove(ToolObserver observer) {
    ToolObserver[] current = observers;
    for (int i = 0; i < current.length; i++) {
      if (current[i].equals(observer)) {
        ToolObserver[] next = new ToolObserver[current.length - 1];
        System.arraycopy(current, 0, next, 0, i);
        System.arraycopy(current, i + 1, next, i, current.length - i - 1);
        observers = next;
        return true;
      }
    }
    return false;
  }

  /**
   * Tells every observer that {@code call} begins; the returned call is told how it ended. The
   * clock starts after the observers, so their own cost is not the tool's.
   */
  private ObservedCall start(ToolCall call) {
    ToolObserver[] current = observers;
    ToolObserver.CallEnd[] ends = new ToolObserver.CallEnd[current.length];
    ToolContext context = call.context();
    for (int i = 0; i < current.length; i++) {
      ends[i] = started(current[i], call);
      if (context.traceHeaders().isEmpty()) {
        context = context.withTraceHeaders(traceHeaders(ends[i], call));
      }
    }
    return new ObservedCall(call.name(), context, ends);
  }

  private static Map<String, String> traceHeaders(ToolObserver.CallEnd end, ToolCall call) {
    try {
      Map<String, String> headers = end.traceHeaders();
      return headers == null ? Map.of() : headers;
    } catch (Throwable t) { // the contract: an observer cannot break a call
      warn(end, "the trace headers of a call of '" + call.name() + "'", t);
      return Map.of();
    }
  }

  private static ToolObserver.CallEnd started(ToolObserver observer, ToolCall call) {
    try {
      ToolObserver.CallEnd end = observer.callStarted(call);
      return end == null ? ToolObserver.CallEnd.NONE : end;
    } catch (Throwable t) { // the contract: an observer cannot break a call
      warn(observer, "the start of a call of '" + call.name() + "'", t);
      return ToolObserver.CallEnd.NONE;
    }
  }

  /**
   * Dispatches a call with the observers told: the tool gets the context with the trace headers an
   * observer gave. See {@link ToolRegistry#dispatch(String, String, ToolContext)}.
   *
   * @param entry the tool called; null for an unknown one
   * @param unavailable why the tool must not run (its check fails), or null
   */
  String dispatch(
      String name,
      @Nullable ToolEntry entry,
      @Nullable String unavailable,
      @Nullable ToolOrigin origin,
      String arguments,
      ToolContext context,
      ErrorMessages errors,
      ResultBudget budget) {
    ObservedCall observed =
        start(new ToolCall(name, entry == null ? "" : entry.toolset(), origin, arguments, context));
    if (entry == null) {
      observed.outcome(ToolCallResult.Outcome.UNKNOWN_TOOL);
      return observed.end(errors.error("Unknown tool: " + name));
    }
    if (unavailable != null) {
      observed.outcome(ToolCallResult.Outcome.UNAVAILABLE);
      return observed.end(errors.error("Tool " + name + " is unavailable: " + unavailable));
    }
    return observed.end(
        Dispatch.call(entry, arguments, observed.context(), errors, budget, observed));
  }

  /** Tells every observer of a definitions listing that began at {@code startNanos}. */
  void listedDefinitions(DefinitionFormat format, int requested, int listed, long startNanos) {
    listed(
        new ToolListing(
            ToolListing.Kind.DEFINITIONS,
            format,
            requested,
            listed,
            System.nanoTime() - startNanos));
  }

  /** Tells every observer of {@code report}, which began at {@code startNanos}. */
  void listedAvailability(AvailabilityReport report, long startNanos) {
    long duration = System.nanoTime() - startNanos;
    int available = 0;
    for (Availability tool : report.tools().values()) {
      available += tool.available() ? 1 : 0;
    }
    listed(
        new ToolListing(
            ToolListing.Kind.AVAILABILITY, null, report.tools().size(), available, duration));
  }

  /** Tells every observer of {@code listing}. */
  private void listed(ToolListing listing) {
    for (ToolObserver observer : observers) {
      try {
        observer.listed(listing);
      } catch (Throwable t) { // the contract: an observer cannot break a listing
        warn(observer, "a " + listing.kind() + " listing", t);
      }
    }
  }

  static void warn(@Nullable Object observer, String what, Throwable t) {
    LOG.log(Level.WARNING, () -> "Tool observer " + observer + " failed on " + what, t);
  }
}
