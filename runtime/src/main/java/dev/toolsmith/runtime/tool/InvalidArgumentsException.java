package dev.toolsmith.runtime.tool;

import java.util.List;

/**
 * Thrown by a generated argument reader when the model's arguments break the tool's schema; the
 * registry turns it into one error result listing every problem, and the tool is never called.
 */
public final class InvalidArgumentsException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient List<ArgumentProblem> problems;

  public InvalidArgumentsException(List<ArgumentProblem> problems) {
    super(problems.size() + " invalid argument(s)", null, false, false);
    this.problems = List.copyOf(problems);
  }

  /** Every problem found, in the order they were read. */
  public List<ArgumentProblem> problems() {
    return problems;
  }
}
