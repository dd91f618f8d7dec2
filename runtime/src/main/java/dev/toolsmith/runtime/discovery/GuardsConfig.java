package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.guard.ToolGuard;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code guards} section: which built-in guards run, in the order the file declares them, and
 * the deadlines. Absent, or empty, means no guard: {@link #isEmpty()}.
 *
 * @param guards the built-in guards the section turns on, in the file's order
 * @param deadline the deadline of every call that has no other
 * @param toolsetDeadlines deadlines by toolset
 * @param toolDeadlines deadlines by tool, over what a tool declares
 */
public record GuardsConfig(
    List<ToolGuard> guards,
    Optional<Duration> deadline,
    Map<String, Duration> toolsetDeadlines,
    Map<String, Duration> toolDeadlines) {

  /** No guard and no deadline. */
  public static final GuardsConfig NONE =
      new GuardsConfig(List.of(), Optional.empty(), Map.of(), Map.of());

  public GuardsConfig {
    guards = List.copyOf(requireNonNull(guards, "guards == null"));
    requireNonNull(deadline, "deadline == null");
    toolsetDeadlines = Map.copyOf(requireNonNull(toolsetDeadlines, "toolsetDeadlines == null"));
    toolDeadlines = Map.copyOf(requireNonNull(toolDeadlines, "toolDeadlines == null"));
  }

  /** Whether the section turns nothing on. */
  public boolean isEmpty() {
    return guards.isEmpty()
        && deadline.isEmpty()
        && toolsetDeadlines.isEmpty()
        && toolDeadlines.isEmpty();
  }

  /**
   * The {@link Guards} this section configures, with {@code approvalHandler} answering the approval
   * guard (what asks depends on who runs the loop: the terminal, an MCP client...).
   */
  public Guards toGuards(ApprovalHandler approvalHandler) {
    Guards.Builder builder = Guards.builder().approvalHandler(approvalHandler);
    guards.forEach(builder::guard);
    deadline.ifPresent(builder::deadline);
    toolsetDeadlines.forEach(builder::toolsetDeadline);
    toolDeadlines.forEach(builder::toolDeadline);
    return builder.build();
  }
}
