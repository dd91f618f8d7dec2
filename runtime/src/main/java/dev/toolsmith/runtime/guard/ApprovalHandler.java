package dev.toolsmith.runtime.guard;

import java.util.concurrent.CompletionStage;

/**
 * Asks whoever may approve a call that a guard holds back: the person at a terminal, an MCP
 * server's client (an elicitation, an {@code input_required} result), an application's policy. The
 * registry's {@link Guards} name one; a loop may give its own per call, under {@link #ATTRIBUTE}.
 * May answer at once or later; the call waits for the stage (interruptibly; a cancelled call
 * cancels the stage). A handler that throws, or whose stage fails, denies the call.
 */
@FunctionalInterface
public interface ApprovalHandler {

  /**
   * The {@link dev.toolsmith.runtime.tool.ToolContext#attributes() attribute} under which whoever
   * runs the loop may hand the call its own handler (a bridge's, an MCP server's asking its
   * client): it answers instead of the one {@link Guards} configures.
   */
  String ATTRIBUTE = "dev.toolsmith.approvalHandler";

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
