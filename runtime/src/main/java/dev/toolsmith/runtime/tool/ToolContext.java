package dev.toolsmith.runtime.tool;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the runtime knows about one call, injected into tools that declare a parameter of this type.
 * A long tool can report its progress ({@link #progress}) and notice that its caller gave up
 * ({@link #isCancelled}, {@link #onCancel}); both do nothing for a caller that does not listen,
 * such as a plain {@code dispatch}. Over MCP, progress becomes {@code notifications/progress} and a
 * client's {@code notifications/cancelled} cancels the call.
 *
 * @param callId the provider's id of this tool call, or empty when there is none
 * @param attributes values the application passes to its tools (user, session, workspace...)
 * @param traceHeaders the trace context of this call's span as propagation headers (W3C {@code
 *     traceparent}, {@code tracestate}), for tools that call another process: the MCP client sends
 *     them in a request's {@code _meta}. Set by a {@link
 *     dev.toolsmith.runtime.observation.ToolObserver} that traces calls ({@link
 *     dev.toolsmith.runtime.observation.ToolObserver.CallEnd#traceHeaders}); empty otherwise.
 * @param control the caller's side of the call: its cancellation and where progress goes
 * @param session the conversation this call belongs to (what guards and the tool search remember
 *     across its calls), or null when the caller keeps none
 */
public record ToolContext(
    String callId,
    Map<String, Object> attributes,
    Map<String, String> traceHeaders,
    Control control,
    @Nullable ToolSession session) {

  private static final ToolContext EMPTY = new ToolContext("", Map.of(), Map.of(), Control.NONE);

  public ToolContext {
    requireNonNull(callId, "callId == null");
    attributes = Map.copyOf(requireNonNull(attributes, "attributes == null"));
    traceHeaders = Map.copyOf(requireNonNull(traceHeaders, "traceHeaders == null"));
    requireNonNull(control, "control == null");
  }

  /** A context of no session. */
  public ToolContext(
      String callId,
      Map<String, Object> attributes,
      Map<String, String> traceHeaders,
      Control control) {
    this(callId, attributes, traceHeaders, control, null);
  }

  /** A context with no call id and no attributes. */
  public static ToolContext empty() {
    return EMPTY;
  }

  /** A context with the given call id and no attributes. */
  public static ToolContext of(String callId) {
    return of(callId, Map.of());
  }

  /**
   * A context with the given call id and attributes, no trace headers and no caller listening; add
   * them with {@link #withTraceHeaders} and {@link #withControl}.
   */
  public static ToolContext of(String callId, Map<String, Object> attributes) {
    return new ToolContext(callId, attributes, Map.of(), Control.NONE);
  }

  /** This context with {@code control} as the caller's side of the call. */
  public ToolContext withControl(Control control) {
    return new ToolContext(callId, attributes, traceHeaders, control, session);
  }

  /** This context as a call of {@code session}, the conversation whoever runs the loop keeps. */
  public ToolContext withSession(ToolSession session) {
    return new ToolContext(
        callId, attributes, traceHeaders, control, requireNonNull(session, "session == null"));
  }

  /** The attribute under {@code key} if it is present and of {@code type}. */
  public <T> Optional<T> attribute(String key, Class<T> type) {
    Object value = attributes.get(key);
    return type.isInstance(value) ? Optional.of(type.cast(value)) : Optional.empty();
  }

  /** This context with {@code traceHeaders} in place of its own. */
  public ToolContext withTraceHeaders(Map<String, String> traceHeaders) {
    return new ToolContext(callId, attributes, traceHeaders, control, session);
  }

  /**
   * Reports that {@code done} of {@code total} units of work are done ({@code total} 0 or less when
   * unknown), with an optional message; {@code done} should grow from one report to the next. Never
   * throws, and costs nothing when no caller listens.
   */
  public void progress(double done, double total, @Nullable String message) {
    control.progress(done, total, message);
  }

  /** Whether the caller cancelled this call: a tool that loops should stop soon when it is. */
  public boolean isCancelled() {
    return control.isCancelled();
  }

  /**
   * Runs {@code action} when the caller cancels this call (at once if it already did), e.g. to
   * close a connection the tool waits on. The registry itself cancels an async tool's future.
   */
  public void onCancel(Runnable action) {
    control.onCancel(requireNonNull(action, "action == null"));
  }

  /** Receives a call's progress reports. */
  @FunctionalInterface
  public interface ProgressListener {
    /** {@code done} of {@code total} (0 or less when unknown), with an optional message. */
    void progress(double done, double total, @Nullable String message);
  }

  /**
   * The caller's side of one call: it {@linkplain #cancel() cancels} the call and receives its
   * progress. A transport that can cancel calls makes one per call and passes {@code
   * context.withControl(control)} to {@code dispatch}.
   */
  public static final class Control {

    /** No caller listening: progress goes nowhere and the call is never cancelled. */
    public static final Control NONE = new Control((done, total, message) -> {});

    private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

    private final ProgressListener listener;
    private final List<Runnable> onCancel = new ArrayList<>(); // guarded by this
    private volatile boolean cancelled;

    /** A control sending the call's progress to {@code listener}. */
    public Control(ProgressListener listener) {
      this.listener = requireNonNull(listener, "listener == null");
    }

    /** Cancels the call: {@link ToolContext#isCancelled()} turns true and the actions run. */
    public void cancel() {
      if (this == NONE) {
        return;
      }
      List<Runnable> actions;
      synchronized (this) {
        if (cancelled) {
          return;
        }
        cancelled = true;
        actions = List.copyOf(onCancel);
        onCancel.clear();
      }
      actions.forEach(Control::run);
    }

    /** Whether the call was cancelled. */
    public boolean isCancelled() {
      return cancelled;
    }

    void onCancel(Runnable action) {
      if (this == NONE) {
        return;
      }
      synchronized (this) {
        if (!cancelled) {
          onCancel.add(action);
          return;
        }
      }
      run(action);
    }

    void progress(double done, double total, @Nullable String message) {
      try {
        listener.progress(done, total, message);
      } catch (RuntimeException e) { // a listener's failure must not fail the tool
        LOG.log(Level.DEBUG, "A progress listener failed", e);
      }
    }

    private static void run(Runnable action) {
      try {
        action.run();
      } catch (RuntimeException e) { // one failing action must not keep the others from running
        LOG.log(Level.DEBUG, "An action on cancel failed", e);
      }
    }
  }
}
