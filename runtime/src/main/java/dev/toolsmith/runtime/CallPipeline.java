package dev.toolsmith.runtime;

import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.guard.GuardedCall;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * One call, from the tool's name to the value it answers with: lookup, availability, the guards
 * (only when configured: {@link GuardStage}), the handler (the generated reader and the method),
 * the error sanitizer and the result budget. Never throws. {@link ObservedCaller} decorates it when
 * anyone observes calls. Its error texts come from {@link Failures}.
 */
final class CallPipeline implements ToolCaller {

  /**
   * How a call's end is handed back: as the {@link ToolCallResult} value, or as its text alone for
   * {@code dispatch} without observers, which then pays for neither the value nor the clock.
   */
  interface Ending<R> {
    /** The clock at the start of the call; 0 when the duration is not wanted. */
    long start();

    R ended(
        ToolCallResult.Outcome outcome,
        String text,
        @Nullable Throwable failure,
        boolean spilled,
        long start);
  }

  /** The value, timed. */
  static final Ending<ToolCallResult> VALUE =
      new Ending<>() {
        @Override
        public long start() {
          return System.nanoTime();
        }

        @Override
        public ToolCallResult ended(
            ToolCallResult.Outcome outcome,
            String text,
            @Nullable Throwable failure,
            boolean spilled,
            long start) {
          return new ToolCallResult(outcome, text, System.nanoTime() - start, failure, spilled);
        }
      };

  /** The text alone: what the value's {@link ToolCallResult#text()} would be. */
  static final Ending<String> TEXT =
      new Ending<>() {
        @Override
        public long start() {
          return 0;
        }

        @Override
        public String ended(
            ToolCallResult.Outcome outcome,
            String text,
            @Nullable Throwable failure,
            boolean spilled,
            long start) {
          return text;
        }
      };

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private final CheckPolicy checkPolicy;
  private final CheckRunner checks;
  private final ErrorMessages errors;
  private final SpilledResults spills;
  private final @Nullable GuardStage guards; // null: none configured, and nothing paid for them

  CallPipeline(
      CheckPolicy checkPolicy,
      CheckRunner checks,
      ErrorMessages errors,
      SpilledResults spills,
      @Nullable GuardStage guards) {
    this.checkPolicy = checkPolicy;
    this.checks = checks;
    this.errors = errors;
    this.spills = spills;
    this.guards = guards;
  }

  @Override
  public ToolCallResult call(
      RegistryState snapshot, @Nullable String name, String arguments, ToolContext context) {
    return call(snapshot, name, arguments, context, VALUE);
  }

  /** The call, its end handed back by {@code ending}. */
  <R> R call(
      RegistryState snapshot,
      @Nullable String name,
      String arguments,
      ToolContext context,
      Ending<R> ending) {
    long start = ending.start();
    ToolEntry entry = name == null ? null : snapshot.byName.get(name);
    if (entry == null) {
      return ending.ended(
          ToolCallResult.Outcome.UNKNOWN_TOOL,
          errors.error(Failures.unknownTool(name)),
          null,
          false,
          start);
    }
    String unavailable = unavailableReason(entry);
    if (unavailable != null) {
      return ending.ended(
          ToolCallResult.Outcome.UNAVAILABLE,
          errors.error(Failures.unavailable(entry.name(), unavailable)),
          null,
          false,
          start);
    }
    if (guards == null) {
      return run(entry, arguments, context, ending, start, entry.declaredDeadline());
    }
    return guarded(guards, snapshot, entry, arguments, context, ending, start);
  }

  /**
   * Runs {@code entry} if its guards let it: a refused or unapproved call ends here with the
   * reason; one that runs is told to the guards when it ends.
   */
  private <R> R guarded(
      GuardStage guards,
      RegistryState snapshot,
      ToolEntry entry,
      String arguments,
      ToolContext context,
      Ending<R> ending,
      long start) {
    ToolContext inSession = GuardStage.inSession(context);
    GuardedCall call =
        GuardStage.guarded(entry, snapshot.origins.get(entry.name()), arguments, inSession);
    ToolFailureException refusal = guards.check(call);
    if (refusal != null) {
      return ending.ended(
          refusal.kind() == ToolFailureException.Kind.DENIED
              ? ToolCallResult.Outcome.DENIED
              : ToolCallResult.Outcome.REFUSED,
          errors.error(refusal.getMessage()),
          refusal,
          false,
          start);
    }
    Ending<R> telling =
        new Ending<>() {
          @Override
          public long start() {
            return ending.start();
          }

          @Override
          public R ended(
              ToolCallResult.Outcome outcome,
              String text,
              @Nullable Throwable failure,
              boolean spilled,
              long start) {
            guards.ended(call, outcome, text);
            return ending.ended(outcome, text, failure, spilled, start);
          }
        };
    return run(entry, arguments, inSession, telling, start, guards.deadline(entry));
  }

  /** Why {@code entry} must not run now, or null; only when the policy refuses such calls. */
  private @Nullable String unavailableReason(ToolEntry entry) {
    if (!checkPolicy.refusesUnavailableCalls()) {
      return null;
    }
    BooleanSupplier check = entry.check().orElse(null);
    if (check == null) {
      return null; // always available: no verdict, no clock
    }
    Availability verdict = checks.lastVerdict(entry.name(), check); // the last run's; no clock
    if (verdict.available()) {
      return null;
    }
    return entry.requiresEnv().isEmpty()
        ? verdict.reason()
        : verdict.reason() + " (requires " + String.join(", ", entry.requiresEnv()) + ")";
  }

  /**
   * Runs {@code entry}, waiting for an async handler; makes the message of an error object the tool
   * returned fit for the model and holds the answer to the budget.
   */
  private <R> R run(
      ToolEntry entry,
      String arguments,
      ToolContext context,
      Ending<R> ending,
      long start,
      @Nullable Duration deadline) {
    ToolCallResult.Outcome outcome = null;
    Throwable failure = null;
    boolean returned = false;
    String text;
    try {
      String answer = handle(entry, arguments, context, deadline);
      if (answer == null) {
        LOG.log(Level.WARNING, () -> "Tool '" + entry.name() + "' returned null");
        outcome = ToolCallResult.Outcome.TOOL_FAILURE;
        text = noResult(entry.name());
      } else {
        returned = true;
        text = answer;
      }
    } catch (Throwable thrown) { // the contract: every failure becomes an error result
      failure = thrown;
      outcome = ToolCallResult.Outcome.TOOL_FAILURE;
      text = Failures.EXECUTION_FAILED_JSON;
      try { // a hostile exception may throw from any method: the constants above stay then
        failure = unwrap(thrown);
        outcome = failureOutcome(failure, context);
        text = failureText(entry.name(), thrown, failure);
      } catch (Throwable t) { // last resort: a hostile exception must not escape dispatch
        LOG.log(Level.DEBUG, () -> "Describing a failure of '" + entry.name() + "' failed", t);
      }
    }
    boolean spilled = false;
    try {
      if (returned) {
        text = errors.rewrite(text); // only an answer the tool wrote itself
      }
      String budgeted = spills.apply(entry, text);
      spilled = !budgeted.equals(text); // the same string when it fits: equals ends at once
      text = budgeted;
    } catch (Throwable t) { // the contract: never throw; an unbounded result beats none
      LOG.log(Level.WARNING, () -> "Result budget of '" + entry.name() + "' failed", t);
    }
    if (outcome == null) { // the tool returned a result: an error object it wrote is a failure
      outcome =
          opensWithError(text)
              ? ToolCallResult.Outcome.TOOL_FAILURE
              : ToolCallResult.Outcome.RESULT;
    }
    return ending.ended(outcome, text, failure, spilled, start);
  }

  /**
   * The handler's answer, an async one waited for; null when the tool gave none. Under a {@code
   * deadline}, a synchronous tool runs on a thread of its own ({@link Deadlines}).
   */
  private static @Nullable String handle(
      ToolEntry entry, String arguments, ToolContext context, @Nullable Duration deadline)
      throws Throwable {
    ToolHandler handler = entry.handler();
    if (handler instanceof ToolHandler.Sync sync) {
      return deadline == null
          ? sync.call(arguments, context)
          : Deadlines.callSync(entry.name(), sync, arguments, context, deadline);
    }
    CompletionStage<String> stage = ((ToolHandler.Async) handler).call(arguments, context);
    if (stage == null) {
      return null;
    }
    context.onCancel(() -> cancel(stage));
    Ended ended =
        deadline == null
            ? await(stage)
            : Deadlines.await(entry.name(), ended(stage), () -> cancel(stage), deadline);
    if (ended.failure() != null) {
      throw new AsyncFailure(ended.failure());
    }
    return ended.value();
  }

  private String noResult(String name) {
    try {
      return ToolResults.error(errors.fit(Failures.NO_RESULT), Map.of("tool", name));
    } catch (Throwable t) { // last resort: dispatch must answer
      return Failures.EXECUTION_FAILED_JSON;
    }
  }

  /**
   * What kind of failure {@code cause} is: the caller's cancel wins over what the tool threw; a
   * {@link ToolFailureException} says its kind.
   */
  private static ToolCallResult.Outcome failureOutcome(Throwable cause, ToolContext context) {
    if (cause instanceof InvalidArgumentsException) {
      return ToolCallResult.Outcome.INVALID_ARGUMENTS;
    }
    if (context.isCancelled()) {
      return ToolCallResult.Outcome.CANCELLED;
    }
    if (cause instanceof ToolFailureException failure) {
      return switch (failure.kind()) {
        case UNAVAILABLE -> ToolCallResult.Outcome.UNAVAILABLE;
        case TIMEOUT -> ToolCallResult.Outcome.TIMEOUT;
        case CANCELLED -> ToolCallResult.Outcome.CANCELLED;
        case FAILED -> ToolCallResult.Outcome.TOOL_FAILURE;
        case REFUSED -> ToolCallResult.Outcome.REFUSED;
        case DENIED -> ToolCallResult.Outcome.DENIED;
      };
    }
    return ToolCallResult.Outcome.TOOL_FAILURE;
  }

  /** Cancels an async tool's future when its caller cancels the call. */
  private static void cancel(CompletionStage<String> stage) {
    try {
      stage.toCompletableFuture().cancel(true);
    } catch (UnsupportedOperationException e) { // a stage that is no future cannot be cancelled
      LOG.log(Level.DEBUG, "A cancelled tool's stage cannot be cancelled", e);
    }
  }

  /** How an async handler's stage ended: its value, or its failure as the stage holds it. */
  private record Ended(@Nullable String value, @Nullable Throwable failure) {}

  /** An async stage's failure, carried out of {@link #handle}: it was not thrown on this thread. */
  private static final class AsyncFailure extends Exception {
    private static final long serialVersionUID = 1L;

    AsyncFailure(Throwable failure) {
      super(null, failure, false, false);
    }
  }

  /**
   * Waits for {@code stage}. Interruptible, so a cancelled caller is not held up; the stage itself
   * is left alone since it may be shared, unless the call is cancelled through its context. The
   * failure is taken through {@code handle}, not {@code get}: get wraps it, and wrapping calls the
   * failure's toString, which may throw.
   */
  private static Ended await(CompletionStage<String> stage)
      throws InterruptedException, ExecutionException {
    return ended(stage).get();
  }

  /** How {@code stage} ends, as a future of its own (cancelling it leaves {@code stage} alone). */
  private static CompletableFuture<Ended> ended(CompletionStage<String> stage) {
    CompletableFuture<Ended> ended = new CompletableFuture<>();
    stage.handle((value, failure) -> ended.complete(new Ended(value, failure)));
    return ended;
  }

  /** The error text for {@code thrown}; a constant one if even that cannot be built. */
  private String failureText(String name, Throwable thrown, Throwable cause) {
    try {
      if (thrown instanceof InterruptedException) {
        // Thrown on this thread (by the handler or while waiting): the caller must still see it.
        Thread.currentThread().interrupt();
      }
      if (cause instanceof InvalidArgumentsException invalid) {
        LOG.log(Level.DEBUG, () -> "Tool '" + name + "' called with invalid arguments");
        return errors.invalidArguments(name, invalid.problems());
      }
      if (cause instanceof ToolFailureException failure) {
        LOG.log(Level.DEBUG, () -> "Tool '" + name + "' failed: " + failure.kind());
        return ToolResults.error(errors.fit(failure.getMessage()), failure.fields());
      }
      // A tool's failure is the tool's answer, read by the model: not a warning about the registry.
      LOG.log(Level.DEBUG, () -> "Tool '" + name + "' failed", cause);
      return errors.error(Failures.executionFailed(cause));
    } catch (Throwable t) { // last resort: a hostile exception must not escape dispatch
      return Failures.EXECUTION_FAILED_JSON;
    }
  }

  /** The failure inside the wrappers futures (and {@link AsyncFailure}) add around it. */
  static Throwable unwrap(Throwable thrown) {
    Throwable t = thrown;
    if (thrown instanceof AsyncFailure) {
      Throwable carried = thrown.getCause();
      t = carried == null ? thrown : carried;
    }
    for (int depth = 0; depth < 16; depth++) { // bounded: a cause chain may loop
      if ((t instanceof CompletionException || t instanceof ExecutionException)
          && t.getCause() != null) {
        t = t.getCause();
      } else {
        break;
      }
    }
    return t;
  }

  /**
   * {@link ToolResults#isError}, after a look at the first key that answers most results without a
   * parser: only a first key spelled {@code "error"} or starting with an escape is parsed.
   */
  static boolean opensWithError(String result) {
    if (!result.startsWith("{")) {
      return false;
    }
    int i = 1;
    while (i < result.length() && Character.isWhitespace(result.charAt(i))) {
      i++;
    }
    boolean escaped = result.startsWith("\"\\", i);
    if (!escaped && !result.startsWith("\"error\"", i)) {
      return false;
    }
    try {
      return ToolResults.isError(result);
    } catch (RuntimeException e) { // never: isError reads only the start; a result is still one
      return false;
    }
  }
}
