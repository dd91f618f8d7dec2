package dev.toolsmith.runtime.guard;

import dev.toolsmith.runtime.result.ToolCallResult;

/**
 * Decides, before a tool's handler runs, whether one call may run: {@link GuardDecision#proceed()},
 * {@link GuardDecision#refuse refuse} with a message the model can act on, or {@link
 * GuardDecision#askApproval ask} the {@link ApprovalHandler}. Guards run in the order {@link
 * Guards} declares them, on the calling thread; the first that does not proceed decides. A guard
 * that throws refuses the call. Keep them short: they add to every call.
 */
@FunctionalInterface
public interface ToolGuard {

  /** What happens to {@code call}. */
  GuardDecision check(GuardedCall call);

  /**
   * {@code call}, which every guard let run, ended with {@code outcome} and {@code text} (what the
   * model gets). For guards that remember answers; does nothing by default.
   */
  default void ended(GuardedCall call, ToolCallResult.Outcome outcome, String text) {}
}
