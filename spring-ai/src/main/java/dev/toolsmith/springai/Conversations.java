package dev.toolsmith.springai;

import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.runtime.tool.ToolSessions;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.memory.ChatMemory;

/**
 * What a provider's callbacks share across calls: one {@link ToolSession} per conversation, named
 * by Spring AI's {@link ChatMemory#CONVERSATION_ID} in the tool context (a call without one is its
 * own session), and the {@link ApprovalHandler} its calls ask, if any.
 */
final class Conversations {

  /** How many conversations' sessions are kept; the least recently used is forgotten. */
  static final int SESSIONS = 1024;

  /** No sessions kept and no handler: each call is its own session. */
  static final Conversations NONE = new Conversations(null);

  private final @Nullable ApprovalHandler approvalHandler;
  private final ToolSessions<Object> sessions = new ToolSessions<>(SESSIONS);

  Conversations(@Nullable ApprovalHandler approvalHandler) {
    this.approvalHandler = approvalHandler;
  }

  /** {@code context} with its conversation's session and the handler, as Spring AI's says. */
  ToolContext apply(ToolContext context, Map<String, Object> springContext) {
    ToolContext result = context;
    if (approvalHandler != null) {
      Map<String, Object> attributes = new HashMap<>(context.attributes());
      attributes.put(ApprovalHandler.ATTRIBUTE, approvalHandler);
      result =
          new ToolContext(
              context.callId(), attributes, context.traceHeaders(), context.control(), null);
    }
    Object conversation = springContext.get(ChatMemory.CONVERSATION_ID);
    if (conversation == null) {
      return result;
    }
    return result.withSession(sessions.of(conversation));
  }
}
