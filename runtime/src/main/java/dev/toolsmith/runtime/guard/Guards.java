package dev.toolsmith.runtime.guard;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The guards a registry runs before each tool's handler, in the order declared, the {@link
 * ApprovalHandler} that answers those that ask, and the deadlines calls run under. Given to {@link
 * dev.toolsmith.runtime.ToolRegistry.Builder#guards}; a registry without guards pays nothing for
 * them. Immutable.
 *
 * <pre>{@code
 * ToolRegistry registry =
 *     ToolRegistry.builder().guards(Guards.defaults().withApprovalHandler(handler)).build();
 * }</pre>
 */
public final class Guards {

  private final List<ToolGuard> guards;
  private final ApprovalHandler approvalHandler;
  private final @Nullable Duration defaultDeadline;
  private final Map<String, Duration> toolsetDeadlines;
  private final Map<String, Duration> toolDeadlines;

  private Guards(Builder builder) {
    this.guards = List.copyOf(builder.guards);
    this.approvalHandler = builder.approvalHandler;
    this.defaultDeadline = builder.defaultDeadline;
    this.toolsetDeadlines = Map.copyOf(builder.toolsetDeadlines);
    this.toolDeadlines = Map.copyOf(builder.toolDeadlines);
  }

  /**
   * The built-in guards with their defaults, in this order: {@link CallBudget#defaults()} (40 calls
   * per tool, 150 per session), {@link LoopGuard#defaults()} (the third identical call refused) and
   * {@link ApprovalGuard#destructive()} (destructive tools asked for); no approval handler, so a
   * destructive tool is refused until one is set ({@link #withApprovalHandler}); no deadline.
   */
  public static Guards defaults() {
    return builder()
        .guard(CallBudget.defaults())
        .guard(LoopGuard.defaults())
        .guard(ApprovalGuard.destructive())
        .build();
  }

  /** This configuration with {@code approvalHandler} answering the guards that ask. */
  public Guards withApprovalHandler(ApprovalHandler approvalHandler) {
    return toBuilder().approvalHandler(approvalHandler).build();
  }

  /** A builder with no guard, no approval handler and no deadline. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this configuration, to derive a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.guards.addAll(guards);
    builder.approvalHandler = approvalHandler;
    builder.defaultDeadline = defaultDeadline;
    builder.toolsetDeadlines.putAll(toolsetDeadlines);
    builder.toolDeadlines.putAll(toolDeadlines);
    return builder;
  }

  /** The guards, in the order they run. */
  public List<ToolGuard> guards() {
    return guards;
  }

  /** Who answers a guard that asks for approval; {@link ApprovalHandler#NONE} denies. */
  public ApprovalHandler approvalHandler() {
    return approvalHandler;
  }

  /**
   * The deadline of a call of {@code tool} in {@code toolset}: the one configured for the tool,
   * else the one it declares ({@code declared}, from its {@code @Tool} attribute), else its
   * toolset's, else the default; null for none.
   */
  public @Nullable Duration deadline(String tool, String toolset, @Nullable Duration declared) {
    Duration deadline = toolDeadlines.get(tool);
    if (deadline != null) {
      return deadline;
    }
    if (declared != null) {
      return declared;
    }
    deadline = toolsetDeadlines.get(toolset);
    return deadline != null ? deadline : defaultDeadline;
  }

  @Override
  public String toString() {
    return "Guards{" + guards + ", deadline=" + defaultDeadline + "}";
  }

  /** Configures {@link Guards}: guards run in the order they are added. */
  public static final class Builder {
    private final List<ToolGuard> guards = new ArrayList<>();
    private ApprovalHandler approvalHandler = ApprovalHandler.NONE;
    private @Nullable Duration defaultDeadline;
    private final Map<String, Duration> toolsetDeadlines = new LinkedHashMap<>();
    private final Map<String, Duration> toolDeadlines = new LinkedHashMap<>();

    private Builder() {}

    /** Adds {@code guard}, to run after those added before it. */
    public Builder guard(ToolGuard guard) {
      guards.add(requireNonNull(guard, "guard == null"));
      return this;
    }

    /** Who answers a guard that asks; default {@link ApprovalHandler#NONE}, which denies. */
    public Builder approvalHandler(ApprovalHandler approvalHandler) {
      this.approvalHandler = requireNonNull(approvalHandler, "approvalHandler == null");
      return this;
    }

    /** The deadline of every call that has no other; must be positive. */
    public Builder deadline(Duration deadline) {
      this.defaultDeadline = positive(deadline);
      return this;
    }

    /** The deadline of the calls of {@code toolset}'s tools that have no own; must be positive. */
    public Builder toolsetDeadline(String toolset, Duration deadline) {
      toolsetDeadlines.put(requireNonNull(toolset, "toolset == null"), positive(deadline));
      return this;
    }

    /** The deadline of the calls of {@code tool}, over what it declares; must be positive. */
    public Builder toolDeadline(String tool, Duration deadline) {
      toolDeadlines.put(requireNonNull(tool, "tool == null"), positive(deadline));
      return this;
    }

    public Guards build() {
      return new Guards(this);
    }

    private static Duration positive(Duration deadline) {
      requireNonNull(deadline, "deadline == null");
      if (deadline.isNegative() || deadline.isZero()) {
        throw new IllegalArgumentException("a deadline must be positive; found " + deadline);
      }
      return deadline;
    }
  }
}
