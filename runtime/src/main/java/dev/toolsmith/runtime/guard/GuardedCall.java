package dev.toolsmith.runtime.guard;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.support.CanonicalArguments;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolOrigin;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.ToolDefinition;
import dev.toolsmith.schema.definition.ToolHints;
import org.jspecify.annotations.Nullable;

/**
 * One call as a {@link ToolGuard} sees it before the handler runs: the tool (its definition with
 * its hints, its toolset and origin), the model's arguments, the call's context and its session.
 */
public final class GuardedCall {

  private final ToolDefinition definition;
  private final String toolset;
  private final ToolOrigin origin;
  private final String arguments;
  private final ToolContext context;
  private final ToolSession session;
  private final boolean requiresApproval;
  private @Nullable String canonicalArguments; // computed on first need; races compute equal texts

  /**
   * A call of the tool {@code definition} shows, in {@code toolset}, from {@code origin}; its
   * session is the context's.
   *
   * @param context a context with a {@link ToolContext#session() session}
   */
  public GuardedCall(
      ToolDefinition definition,
      String toolset,
      ToolOrigin origin,
      String arguments,
      ToolContext context) {
    this(definition, toolset, origin, arguments, context, false);
  }

  /**
   * As above, for a tool that says whether every call of it needs approval
   * ({@code @Tool(requiresApproval = true)}).
   */
  public GuardedCall(
      ToolDefinition definition,
      String toolset,
      ToolOrigin origin,
      String arguments,
      ToolContext context,
      boolean requiresApproval) {
    this.requiresApproval = requiresApproval;
    this.definition = requireNonNull(definition, "definition == null");
    this.toolset = requireNonNull(toolset, "toolset == null");
    this.origin = requireNonNull(origin, "origin == null");
    this.arguments = requireNonNull(arguments, "arguments == null");
    this.context = requireNonNull(context, "context == null");
    this.session = requireNonNull(context.session(), "context.session() == null");
  }

  /** The tool's name. */
  public String name() {
    return definition.name();
  }

  /** What the model sees of the tool, its hints included. */
  public ToolDefinition definition() {
    return definition;
  }

  /** What the tool says of its behaviour (read-only, destructive...). */
  public ToolHints hints() {
    return definition.hints();
  }

  /** Whether the tool says every call of it needs approval, whatever its hints. */
  public boolean requiresApproval() {
    return requiresApproval;
  }

  /** The tool's toolset. */
  public String toolset() {
    return toolset;
  }

  /** Where the tool came from: the application, a plugin, an MCP server... */
  public ToolOrigin origin() {
    return origin;
  }

  /** The arguments as the model sent them. */
  public String arguments() {
    return arguments;
  }

  /**
   * The arguments in canonical form (members sorted, numbers by exact value): equal for JSON-equal
   * arguments; the text as sent when it is not JSON.
   */
  public String canonicalArguments() {
    String canonical = canonicalArguments;
    if (canonical == null) {
      canonical = CanonicalArguments.of(arguments);
      canonicalArguments = canonical;
    }
    return canonical;
  }

  /** The call's context, as the tool will get it. */
  public ToolContext context() {
    return context;
  }

  /** The conversation the call belongs to. */
  public ToolSession session() {
    return session;
  }

  @Override
  public String toString() {
    return "GuardedCall{" + name() + ", toolset=" + toolset + ", origin=" + origin + "}";
  }
}
