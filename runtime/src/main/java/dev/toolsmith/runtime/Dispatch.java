package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/** Calls one entry's handler and turns whatever happens into the result string the model sees. */
final class Dispatch {

  private static final Logger LOG = LazyLogger.of(ToolRegistry.class.getName());

  private Dispatch() {}

  /**
   * Runs {@code entry}, waiting for an async handler; makes an error's message fit for the model
   * and holds the result to {@code budget}; never throws.
   *
   * @param observed told how the call failed, when it did; null when no one observes calls
   */
  static String call(
      ToolEntry entry,
      String argumentsJson,
      ToolContext context,
      ErrorMessages errors,
      ResultBudget budget,
      @Nullable ObservedCall observed) {
    String result = call(entry, argumentsJson, context, observed);
    try {
      result = errors.rewrite(result);
      return OversizeResults.apply(budget, entry, result);
    } catch (Throwable t) { // the contract: never throw; an unbounded result beats none
      LOG.log(Level.WARNING, () -> "Result budget of '" + entry.name() + "' failed", t);
      return result;
    }
  }

  /** Runs {@code entry}, waiting for an async handler; never throws. */
  private static String call(
      ToolEntry entry, String argumentsJson, ToolContext context, @Nullable ObservedCall observed) {
    try {
      ToolHandler handler = entry.handler();
      String result;
      if (handler instanceof ToolHandler.Sync sync) {
        result = sync.call(argumentsJson, context);
      } else {
        CompletionStage<String> stage = ((ToolHandler.Async) handler).call(argumentsJson, context);
        if (stage != null) {
          context.onCancel(() -> cancel(stage));
        }
        Outcome outcome = await(stage);
        if (outcome.failure() != null) {
          return failure(entry.name(), outcome.failure(), false, observed);
        }
        result = outcome.value();
      }
      if (result == null) {
        LOG.log(Level.WARNING, () -> "Tool '" + entry.name() + "' returned null");
        if (observed != null) {
          observed.outcome(ToolCallResult.Outcome.TOOL_FAILURE);
        }
        return ToolResults.error("Tool returned no result", Map.of("tool", entry.name()));
      }
      return result;
    } catch (Throwable t) { // the contract: every failure becomes an error result
      return failure(entry.name(), t, true, observed);
    }
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
  private record Outcome(@Nullable String value, @Nullable Throwable failure) {}

  /**
   * Waits for {@code stage}. Interruptible, so a cancelled caller is not held up; the stage itself
   * is left alone since it may be shared, unless the call is cancelled through its context. The
   * failure is taken through {@code handle}, not {@code get}: get wraps it, and wrapping calls the
   * failure's toString, which may throw.
   */
  private static Outcome await(CompletionStage<String> stage)
      throws InterruptedException, ExecutionException {
    if (stage == null) {
      return new Outcome(null, null);
    }
    CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    stage.handle((value, failure) -> outcome.complete(new Outcome(value, failure)));
    return outcome.get();
  }

  /**
   * The error result for {@code thrown}; a constant one if even that cannot be built.
   *
   * @param thisThread whether {@code thrown} was thrown on this thread (an async stage's failure
   *     was not)
   */
  private static String failure(
      String name, Throwable thrown, boolean thisThread, @Nullable ObservedCall observed) {
    try {
      return describeFailure(name, thrown, thisThread, observed);
    } catch (Throwable t) { // last resort: a hostile exception must not escape dispatch
      return FAILED;
    }
  }

  /** What the model sees when building the error result itself fails. */
  private static final String FAILED = "{\"error\":\"Tool execution failed\"}";

  private static String describeFailure(
      String name, Throwable thrown, boolean thisThread, @Nullable ObservedCall observed) {
    if (thisThread && thrown instanceof InterruptedException) {
      // Thrown on this thread (by the handler or while waiting): the caller must still see it.
      Thread.currentThread().interrupt();
    }
    Throwable cause = unwrap(thrown);
    if (observed != null) {
      observed.failed(
          cause instanceof InvalidArgumentsException
              ? ToolCallResult.Outcome.INVALID_ARGUMENTS
              : ToolCallResult.Outcome.TOOL_FAILURE,
          cause);
    }
    if (cause instanceof InvalidArgumentsException invalid) {
      LOG.log(Level.DEBUG, () -> "Tool '" + name + "' called with invalid arguments");
      return ToolResults.invalidArguments(name, invalid.problems());
    }
    // A tool's failure is the tool's answer, read by the model: not a warning about the registry.
    LOG.log(Level.DEBUG, () -> "Tool '" + name + "' failed", cause);
    return ToolResults.error("Tool execution failed: " + Failures.describe(cause));
  }

  /** The failure inside the wrappers futures add around it. */
  static Throwable unwrap(Throwable thrown) {
    Throwable t = thrown;
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
}
