package dev.toolsmith.runtime.guard;

import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolSession;
import java.util.Optional;

/**
 * Stops a model that calls the same tool with the same arguments again and again: the call that
 * would be the {@code times}-th identical one in a session (arguments compared as canonical JSON:
 * members in any order, numbers by exact value) is refused, with the earlier answer when it is
 * short. Default 3: an identical call runs twice, the third is refused.
 */
public final class LoopGuard implements ToolGuard {

  /** The identical call refused by default: the third. */
  public static final int DEFAULT_TIMES = 3;

  private final int times;

  private LoopGuard(int times) {
    if (times < 2) {
      throw new IllegalArgumentException(
          "the loop guard refuses a repeated call: times must be 2 or more; found " + times);
    }
    this.times = times;
  }

  /** Refuses the {@value #DEFAULT_TIMES}rd identical call. */
  public static LoopGuard defaults() {
    return of(DEFAULT_TIMES);
  }

  /** Refuses the {@code times}-th identical call in a session; 2 or more. */
  public static LoopGuard of(int times) {
    return new LoopGuard(times);
  }

  /** Which identical call is refused. */
  public int times() {
    return times;
  }

  @Override
  public GuardDecision check(GuardedCall call) {
    Optional<ToolSession.Remembered> earlier =
        call.session().remembered(call.name(), call.canonicalArguments());
    if (earlier.isEmpty() || earlier.get().times() + 1 < times) {
      return GuardDecision.proceed();
    }
    ToolSession.Remembered remembered = earlier.get();
    return GuardDecision.refuse(
        "Tool "
            + call.name()
            + " was not run: it was already called "
            + (remembered.times() == 1 ? "once" : remembered.times() + " times")
            + " with the same arguments in this session"
            + (remembered.lastAnswerChars() <= ToolSession.REMEMBERED_ANSWER_CHARS
                ? "; it answered: " + remembered.lastAnswer()
                : "; its answer had " + remembered.lastAnswerChars() + " chars")
            + ". Use that answer or change the arguments.");
  }

  @Override
  public void ended(GuardedCall call, ToolCallResult.Outcome outcome, String text) {
    call.session().rememberCall(call.name(), call.canonicalArguments(), text);
  }

  @Override
  public String toString() {
    return "LoopGuard{" + times + "}";
  }
}
