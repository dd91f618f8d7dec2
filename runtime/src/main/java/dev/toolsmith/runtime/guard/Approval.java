package dev.toolsmith.runtime.guard;

import static java.util.Objects.requireNonNull;

/**
 * An {@link ApprovalHandler}'s answer: run this call once, run this tool for the rest of the
 * session, or do not run it (with a reason the model is told).
 *
 * @param kind the answer
 * @param reason why it was denied; empty when approved
 */
public record Approval(Kind kind, String reason) {

  /** The answer. */
  public enum Kind {
    /** This call may run; the next call of the tool asks again. */
    ONCE,
    /** This call and every later call of the tool in the same session may run. */
    SESSION,
    /** The call must not run. */
    DENIED
  }

  private static final Approval ONCE = new Approval(Kind.ONCE, "");
  private static final Approval SESSION = new Approval(Kind.SESSION, "");

  public Approval {
    requireNonNull(kind, "kind == null");
    requireNonNull(reason, "reason == null");
  }

  /** This call may run. */
  public static Approval once() {
    return ONCE;
  }

  /** The tool may run for the rest of the session. */
  public static Approval forSession() {
    return SESSION;
  }

  /** The call must not run; the model is told {@code reason}. */
  public static Approval denied(String reason) {
    return new Approval(Kind.DENIED, reason);
  }

  /** Whether the call may run. */
  public boolean approved() {
    return kind != Kind.DENIED;
  }
}
