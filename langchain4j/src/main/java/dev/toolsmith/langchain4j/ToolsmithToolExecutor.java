package dev.toolsmith.langchain4j;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.runtime.tool.ToolSessions;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Runs LangChain4j's tool execution requests through {@link ToolRegistry#call}: the request's id is
 * the call id and the AI service call's {@link InvocationParameters} are the {@link ToolContext}
 * attributes. It never throws: a failed call is the registry's {@code {"error":...}} result, marked
 * as an error for LangChain4j as the call's outcome says.
 *
 * <p>Each chat memory id is one conversation: its calls share a {@link ToolSession}, where the
 * registry's guards keep budgets, repeated calls and approvals given for the session (a service
 * without {@code @MemoryId} has one id, {@code "default"}). With an {@link ApprovalHandler}, the
 * calls a guard holds back ask it.
 */
public final class ToolsmithToolExecutor implements ToolExecutor {

  /** How many conversations' sessions are kept; the least recently used is forgotten. */
  static final int SESSIONS = 1024;

  private final ToolRegistry registry;
  private final @Nullable ApprovalHandler approvalHandler;
  private final ToolSessions<Object> sessions = new ToolSessions<>(SESSIONS);

  private ToolsmithToolExecutor(ToolRegistry registry, @Nullable ApprovalHandler approvalHandler) {
    this.registry = registry;
    this.approvalHandler = approvalHandler;
  }

  /** An executor dispatching each request to the tool it names in {@code registry}. */
  public static ToolsmithToolExecutor of(ToolRegistry registry) {
    return new ToolsmithToolExecutor(requireNonNull(registry, "registry == null"), null);
  }

  /** As {@link #of(ToolRegistry)}, a call a guard holds back asking {@code approvalHandler}. */
  public static ToolsmithToolExecutor of(ToolRegistry registry, ApprovalHandler approvalHandler) {
    return new ToolsmithToolExecutor(
        requireNonNull(registry, "registry == null"),
        requireNonNull(approvalHandler, "approvalHandler == null"));
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    return registry.dispatch(
        request.name(), request.arguments(), context(request, Map.of(), memoryId));
  }

  @Override
  public ToolExecutionResult executeWithContext(
      ToolExecutionRequest request, InvocationContext invocation) {
    InvocationParameters parameters = invocation == null ? null : invocation.invocationParameters();
    Map<String, Object> attributes = parameters == null ? Map.of() : parameters.asMap();
    Object memoryId = invocation == null ? null : invocation.chatMemoryId();
    ToolCallResult result =
        registry.call(request.name(), request.arguments(), context(request, attributes, memoryId));
    return ToolExecutionResult.builder()
        .resultText(result.text())
        .isError(result.isError())
        .build();
  }

  private ToolContext context(
      ToolExecutionRequest request, Map<String, Object> attributes, @Nullable Object memoryId) {
    String id = request.id() == null ? "" : request.id();
    if (approvalHandler != null) {
      Map<String, Object> withHandler = new HashMap<>(attributes);
      withHandler.put(ApprovalHandler.ATTRIBUTE, approvalHandler);
      attributes = withHandler;
    }
    return ToolContext.of(id, attributes).withSession(session(memoryId));
  }

  /** The session of the conversation {@code memoryId} names. */
  private ToolSession session(@Nullable Object memoryId) {
    Object key = memoryId == null ? "default" : memoryId;
    return sessions.of(key);
  }

  @Override
  public String toString() {
    return "ToolsmithToolExecutor{" + registry + "}";
  }
}
