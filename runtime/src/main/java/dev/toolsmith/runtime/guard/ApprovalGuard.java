package dev.toolsmith.runtime.guard;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Asks for approval before the tools that change the world: those that say every call needs it
 * ({@code @Tool(requiresApproval = true)}), those whose hints say destructive (explicitly:
 * {@code @Tool(destructive = Hint.TRUE)}, an MCP tool's {@code destructiveHint: true}), and those a
 * policy names by tool, toolset or origin (such as every tool of one MCP server, {@code
 * mcp_servers.github}). Whether the call then runs is the {@link ApprovalHandler}'s answer; a tool
 * approved for the session is not asked again.
 */
public final class ApprovalGuard implements ToolGuard {

  private final boolean destructive;
  private final Set<String> tools;
  private final Set<String> toolsets;
  private final Set<String> origins;

  private ApprovalGuard(Builder builder) {
    this.destructive = builder.destructive;
    this.tools = Set.copyOf(builder.tools);
    this.toolsets = Set.copyOf(builder.toolsets);
    this.origins = Set.copyOf(builder.origins);
  }

  /** Asks for every tool whose hints say destructive, and no other. */
  public static ApprovalGuard destructive() {
    return builder().build();
  }

  /** A builder asking for destructive tools; add names, or turn that off. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether this guard asks for tools whose hints say destructive. */
  public boolean asksForDestructive() {
    return destructive;
  }

  /** The tools this guard names. */
  public Set<String> tools() {
    return tools;
  }

  /** The toolsets whose tools this guard asks for. */
  public Set<String> toolsets() {
    return toolsets;
  }

  /** The origin names (such as {@code mcp_servers.github}) whose tools this guard asks for. */
  public Set<String> origins() {
    return origins;
  }

  @Override
  public GuardDecision check(GuardedCall call) {
    if (call.requiresApproval()) {
      return GuardDecision.askApproval("the tool requires approval");
    }
    if (destructive && Boolean.TRUE.equals(call.hints().destructive())) {
      return GuardDecision.askApproval("the tool is destructive");
    }
    if (tools.contains(call.name())) {
      return GuardDecision.askApproval("the approval policy names the tool");
    }
    if (toolsets.contains(call.toolset())) {
      return GuardDecision.askApproval("the approval policy names its toolset " + call.toolset());
    }
    if (origins.contains(call.origin().name())) {
      return GuardDecision.askApproval("the approval policy names its origin " + call.origin());
    }
    return GuardDecision.proceed();
  }

  @Override
  public String toString() {
    return "ApprovalGuard{destructive="
        + destructive
        + ", tools="
        + tools
        + ", toolsets="
        + toolsets
        + ", origins="
        + origins
        + "}";
  }

  /** Configures an {@link ApprovalGuard}. */
  public static final class Builder {
    private boolean destructive = true;
    private final Set<String> tools = new LinkedHashSet<>();
    private final Set<String> toolsets = new LinkedHashSet<>();
    private final Set<String> origins = new LinkedHashSet<>();

    private Builder() {}

    /** Whether tools whose hints say destructive are asked for; default true. */
    public Builder destructive(boolean destructive) {
      this.destructive = destructive;
      return this;
    }

    /** Asks for these tools, whatever their hints. */
    public Builder tools(Collection<String> names) {
      names.forEach(name -> tools.add(requireNonNull(name, "name == null")));
      return this;
    }

    /** Asks for every tool of these toolsets. */
    public Builder toolsets(Collection<String> names) {
      names.forEach(name -> toolsets.add(requireNonNull(name, "name == null")));
      return this;
    }

    /**
     * Asks for every tool of these origins, by {@link
     * dev.toolsmith.runtime.tool.ToolOrigin#name()}: an MCP server's config path ({@code
     * mcp_servers.github}), a plugin's name.
     */
    public Builder origins(Collection<String> names) {
      names.forEach(name -> origins.add(requireNonNull(name, "name == null")));
      return this;
    }

    public ApprovalGuard build() {
      return new ApprovalGuard(this);
    }
  }
}
