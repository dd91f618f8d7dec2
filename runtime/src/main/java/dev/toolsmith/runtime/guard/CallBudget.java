package dev.toolsmith.runtime.guard;

/**
 * At most so many calls of each tool, and so many calls in all, per session; a call over either is
 * refused with a message telling the model the budget is spent. The defaults, 40 per tool and 150
 * per session, are Spring AI's. A call counts once every guard let it run.
 */
public final class CallBudget implements ToolGuard {

  /** Calls of one tool per session by default. */
  public static final int DEFAULT_PER_TOOL = 40;

  /** Calls in all per session by default. */
  public static final int DEFAULT_PER_SESSION = 150;

  private final int perTool;
  private final int perSession;

  private CallBudget(int perTool, int perSession) {
    if (perTool < 1 || perSession < 1) {
      throw new IllegalArgumentException(
          "budgets must be positive; found " + perTool + " per tool, " + perSession + " in all");
    }
    this.perTool = perTool;
    this.perSession = perSession;
  }

  /** {@value #DEFAULT_PER_TOOL} calls per tool and {@value #DEFAULT_PER_SESSION} in all. */
  public static CallBudget defaults() {
    return of(DEFAULT_PER_TOOL, DEFAULT_PER_SESSION);
  }

  /** {@code perTool} calls of each tool and {@code perSession} in all, per session; positive. */
  public static CallBudget of(int perTool, int perSession) {
    return new CallBudget(perTool, perSession);
  }

  /** Calls of one tool a session may make. */
  public int perTool() {
    return perTool;
  }

  /** Calls a session may make in all. */
  public int perSession() {
    return perSession;
  }

  @Override
  public GuardDecision check(GuardedCall call) {
    if (call.session().calls() >= perSession) {
      return GuardDecision.refuse(
          "Tool "
              + call.name()
              + " was not run: this session's budget of "
              + perSession
              + " tool calls is spent");
    }
    if (call.session().calls(call.name()) >= perTool) {
      return GuardDecision.refuse(
          "Tool "
              + call.name()
              + " was not run: its budget of "
              + perTool
              + " calls in this session is spent");
    }
    return GuardDecision.proceed();
  }

  @Override
  public String toString() {
    return "CallBudget{" + perTool + " per tool, " + perSession + " per session}";
  }
}
