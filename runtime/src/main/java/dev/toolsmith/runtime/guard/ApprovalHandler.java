package dev.toolsmith.runtime.guard;

import java.util.concurrent.CompletionStage;

/**
 * Asks whoever may approve a call that a guard holds back: the person at a terminal, an MCP
 * server's client (an elicitation, an {@code input_required} result), an application's policy. May
 * answer at once or later; the call waits for the stage (interruptibly; a cancelled call cancels
 * the stage). A handler that throws, or whose stage fails, denies the call.
 */
@FunctionalInterface
public interface ApprovalHandler {

  /** Never approves: a held-back call is refused, saying no one can approve it. */
  ApprovalHandler NONE =
      (call, reason) ->
          java.util.concurrent.CompletableFuture.completedFuture(
              Approval.denied("no one can approve it here"));

  /**
   * Whether {@code call} may run; {@code reason} says why it is asked (such as "the tool is
   * destructive").
   */
  CompletionStage<Approval> approve(GuardedCall call, String reason);
}
