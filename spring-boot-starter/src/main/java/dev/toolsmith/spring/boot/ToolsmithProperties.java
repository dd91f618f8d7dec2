package dev.toolsmith.spring.boot;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code toolsmith.*} properties. Every one is optional: unset, the registry's own default (or
 * the configuration file's value) applies.
 *
 * @param config a {@code toolsmith.yaml} to read (plugins, MCP servers, toolsets); unset, none
 * @param toolsets the toolsets offered to Spring AI
 * @param resultBudget how large a tool's result may be before it is spilled to a file
 * @param checkPolicy how toolset availability checks are cached and bounded
 * @param errorsAsExceptions whether error results are thrown for Spring AI's {@code
 *     ToolExecutionExceptionProcessor} instead of returned to the model
 * @param chatClient how auto-configured {@code ChatClient}s get the tools
 * @param unknownTools how a call of a tool the request did not offer is answered
 * @param guards what stands between the model and each tool: budgets, the loop guard, approval,
 *     deadlines; off unless enabled
 */
@ConfigurationProperties("toolsmith")
public record ToolsmithProperties(
    Path config,
    @DefaultValue Toolsets toolsets,
    @DefaultValue ResultBudget resultBudget,
    @DefaultValue CheckPolicy checkPolicy,
    @DefaultValue("false") boolean errorsAsExceptions,
    @DefaultValue ChatClient chatClient,
    @DefaultValue("fail") UnknownTools unknownTools,
    @DefaultValue Guards guards) {

  /** {@code toolsmith.unknown-tools}: what a call of a tool the request did not offer gets. */
  public enum UnknownTools {
    /** Spring AI's own answer: the turn ends with an {@code IllegalStateException}. */
    FAIL,
    /**
     * The registry's answer, {@code {"error":"Unknown tool: NAME"}}, for the model to read: the
     * starter then defines the {@code ToolCallingManager}, built as Spring AI builds its own.
     */
    ERROR
  }

  /**
   * {@code toolsmith.toolsets.*}: replaces the configuration file's {@code toolsets.enabled} and
   * {@code toolsets.disabled} when set.
   *
   * @param enabled the toolsets offered ({@code all} for every tool)
   * @param disabled the toolsets taken away from those
   */
  public record Toolsets(List<String> enabled, List<String> disabled) {}

  /**
   * {@code toolsmith.result-budget.*}, as {@code dev.toolsmith.runtime.result.ResultBudget}.
   *
   * @param defaultMaxResultChars the limit of a tool without its own
   * @param previewChars the preview of a spilled result
   * @param maxErrorChars the longest error message
   * @param spillDirectory where spilled results are written
   */
  public record ResultBudget(
      Integer defaultMaxResultChars,
      Integer previewChars,
      Integer maxErrorChars,
      Path spillDirectory) {}

  /**
   * {@code toolsmith.check-policy.*}, as {@code dev.toolsmith.runtime.availability.CheckPolicy}.
   *
   * @param ttl how long a check's result is reused
   * @param grace how long after a success a failure keeps the toolset available
   * @param timeout the longest a check may run
   */
  public record CheckPolicy(Duration ttl, Duration grace, Duration timeout) {}

  /**
   * {@code toolsmith.chat-client.*}.
   *
   * @param defaultTools whether every auto-configured {@code ChatClient.Builder} offers the tools
   *     by default
   */
  public record ChatClient(@DefaultValue("true") boolean defaultTools) {}

  /**
   * {@code toolsmith.guards.*}, as {@code dev.toolsmith.runtime.guard.Guards}: with {@code
   * enabled}, the built-in guards run in the order budgets, loop guard, approval; an {@code
   * ApprovalHandler} bean answers the calls that ask (without one they are refused).
   *
   * @param enabled whether the registry runs guards at all (default false)
   * @param budgets calls per tool and in all, per session
   * @param loop which identical call is refused
   * @param approval which tools ask before they run
   * @param deadline the deadline of every call that has no other; unset, none
   * @param toolsetDeadlines deadlines by toolset
   * @param toolDeadlines deadlines by tool
   */
  public record Guards(
      @DefaultValue("false") boolean enabled,
      @DefaultValue Budgets budgets,
      @DefaultValue Loop loop,
      @DefaultValue Approval approval,
      Duration deadline,
      java.util.Map<String, Duration> toolsetDeadlines,
      java.util.Map<String, Duration> toolDeadlines) {}

  /**
   * {@code toolsmith.guards.budgets.*}.
   *
   * @param enabled whether budgets are kept (default true when guards are enabled)
   * @param perTool calls of one tool per session (default 40)
   * @param perSession calls in all per session (default 150)
   */
  public record Budgets(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("40") int perTool,
      @DefaultValue("150") int perSession) {}

  /**
   * {@code toolsmith.guards.loop.*}.
   *
   * @param enabled whether the loop guard runs (default true when guards are enabled)
   * @param times the identical call refused (default 3)
   */
  public record Loop(@DefaultValue("true") boolean enabled, @DefaultValue("3") int times) {}

  /**
   * {@code toolsmith.guards.approval.*}.
   *
   * @param enabled whether calls ask for approval (default true when guards are enabled)
   * @param destructive whether tools whose hints say destructive ask (default true)
   * @param tools tools that ask, whatever their hints
   * @param toolsets toolsets whose tools ask
   * @param origins origins (such as {@code mcp_servers.github}) whose tools ask
   */
  public record Approval(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("true") boolean destructive,
      List<String> tools,
      List<String> toolsets,
      List<String> origins) {}
}
