package dev.toolsmith.runtime;

import dev.toolsmith.runtime.guard.Approval;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.GuardDecision;
import dev.toolsmith.runtime.guard.GuardedCall;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.guard.ToolGuard;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import dev.toolsmith.runtime.tool.ToolOrigin;
import dev.toolsmith.runtime.tool.ToolSession;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * The call pipeline's guard step: runs the {@link Guards} in their order before the handler, asks
 * the approval handler when one asks, counts the call in its session, and tells the guards how it
 * ended. Made only when guards are configured.
 */
final class GuardStage {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private final Guards guards;
  private final ToolGuard[] inOrder;

  GuardStage(Guards guards) {
    this.guards = guards;
    this.inOrder = guards.guards().toArray(new ToolGuard[0]);
  }

  /** {@code context} with a session: its own, or a new one that lasts this call alone. */
  static ToolContext inSession(ToolContext context) {
    return context.session() != null ? context : context.withSession(new ToolSession());
  }

  /** The call as guards see it; {@code context} has a session. */
  static GuardedCall guarded(
      ToolEntry entry, @Nullable ToolOrigin origin, String arguments, ToolContext context) {
    return new GuardedCall(
        entry.definition(),
        entry.toolset(),
        origin == null ? ToolOrigin.APPLICATION : origin,
        arguments,
        context,
        entry.requiresApproval());
  }

  /**
   * Why {@code call} must not run, as the failure its outcome reads ({@code REFUSED} or {@code
   * DENIED}); null when every guard lets it run, which counts it in its session.
   */
  @Nullable ToolFailureException check(GuardedCall call) {
    for (ToolGuard guard : inOrder) {
      GuardDecision decision;
      try {
        decision = guard.check(call);
      } catch (Throwable t) { // a failing guard must not let a call through, nor break dispatch
        LOG.log(Level.WARNING, () -> "A guard of '" + call.name() + "' failed", t);
        return ToolFailureException.of(
            ToolFailureException.Kind.REFUSED, Failures.guardFailed(call.name(), t));
      }
      if (decision == null) {
        continue; // read as proceed: a guard's slip must not refuse every call
      }
      switch (decision.kind()) {
        case PROCEED -> {}
        case REFUSE -> {
          return ToolFailureException.of(ToolFailureException.Kind.REFUSED, decision.message());
        }
        case ASK_APPROVAL -> {
          String denied = approve(call, decision.message());
          if (denied != null) {
            return ToolFailureException.of(
                ToolFailureException.Kind.DENIED, Failures.notApproved(call.name(), denied));
          }
        }
      }
    }
    call.session().countCall(call.name());
    return null;
  }

  /** The deadline of a call of {@code entry}, or null. */
  @Nullable Duration deadline(ToolEntry entry) {
    return guards.deadline(entry.name(), entry.toolset(), entry.declaredDeadline());
  }

  /** Tells every guard that {@code call} ended with {@code outcome} and {@code text}. */
  void ended(GuardedCall call, ToolCallResult.Outcome outcome, String text) {
    for (ToolGuard guard : inOrder) {
      try {
        guard.ended(call, outcome, text);
      } catch (Throwable t) { // the call is over: a guard's bookkeeping cannot change its answer
        LOG.log(Level.WARNING, () -> "A guard failed at the end of '" + call.name() + "'", t);
      }
    }
  }

  /** Why approval was not given, or null when it was (already for the session, or now). */
  private @Nullable String approve(GuardedCall call, String reason) {
    ToolSession session = call.session();
    if (session.isApprovedForSession(call.name())) {
      return null;
    }
    ApprovalHandler handler =
        call.context()
            .attribute(ApprovalHandler.ATTRIBUTE, ApprovalHandler.class)
            .orElse(guards.approvalHandler());
    Approval approval;
    try {
      CompletionStage<Approval> stage = handler.approve(call, reason);
      if (stage == null) {
        return "the approval handler gave no answer";
      }
      CompletableFuture<Approval> answer = new CompletableFuture<>();
      stage.whenComplete(
          (value, failure) -> {
            if (failure != null) {
              answer.completeExceptionally(failure);
            } else {
              answer.complete(value);
            }
          });
      call.context().onCancel(() -> cancel(stage));
      approval = answer.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller must still see it
      return "the wait for approval was interrupted";
    } catch (Throwable t) { // a failing handler denies: unapproved tools never run
      Throwable cause = CallPipeline.unwrap(t);
      LOG.log(Level.DEBUG, () -> "Approval of '" + call.name() + "' failed", cause);
      return call.context().isCancelled()
          ? "the call was cancelled"
          : "the approval failed (" + Failures.describe(cause) + ")";
    }
    if (approval == null) {
      return "the approval handler gave no answer";
    }
    switch (approval.kind()) {
      case SESSION -> session.approveForSession(call.name());
      case ONCE -> {}
      case DENIED -> {
        return approval.reason().isEmpty() ? "denied" : approval.reason();
      }
    }
    return null;
  }

  private static void cancel(CompletionStage<?> stage) {
    try {
      stage.toCompletableFuture().cancel(true);
    } catch (UnsupportedOperationException e) { // a stage that is no future cannot be cancelled
      LOG.log(Level.DEBUG, "An approval's stage cannot be cancelled", e);
    }
  }
}
