package dev.toolsmith.runtime.guard;

import static java.util.Objects.requireNonNull;

/**
 * A {@link ToolGuard}'s answer for one call: proceed, refuse with a message for the model, or ask
 * for approval with the reason to ask.
 */
public final class GuardDecision {

  /** What a guard decided. */
  public enum Kind {
    /** The call may go on to the next guard, then the handler. */
    PROCEED,
    /** The call does not run; the model gets the message. */
    REFUSE,
    /** The call runs only if the approval handler (or the session) approves it. */
    ASK_APPROVAL
  }

  private static final GuardDecision PROCEED = new GuardDecision(Kind.PROCEED, "");

  private final Kind kind;
  private final String message;

  private GuardDecision(Kind kind, String message) {
    this.kind = kind;
    this.message = message;
  }

  /** The call may run (as far as this guard is concerned). */
  public static GuardDecision proceed() {
    return PROCEED;
  }

  /** The call does not run; {@code message} is the error the model gets. */
  public static GuardDecision refuse(String message) {
    return new GuardDecision(Kind.REFUSE, requireNonNull(message, "message == null"));
  }

  /**
   * The call runs only once approved; {@code reason} says why it is asked (shown to whoever
   * approves).
   */
  public static GuardDecision askApproval(String reason) {
    return new GuardDecision(Kind.ASK_APPROVAL, requireNonNull(reason, "reason == null"));
  }

  /** What was decided. */
  public Kind kind() {
    return kind;
  }

  /** The refusal's message or the reason to ask; empty for {@link Kind#PROCEED}. */
  public String message() {
    return message;
  }

  @Override
  public String toString() {
    return kind == Kind.PROCEED ? "PROCEED" : kind + ": " + message;
  }
}
