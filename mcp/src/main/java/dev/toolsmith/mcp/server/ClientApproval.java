package dev.toolsmith.mcp.server;

import dev.toolsmith.runtime.guard.Approval;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.GuardedCall;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.server.InputResponses;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * How a served call asks its MCP client to approve a tool a guard holds back. Legacy: an {@code
 * elicitation/create} request in the call's session, when the client declared elicitation.
 * 2026-07-28: the call answers {@code input_required} with the same form, and the client's retry
 * brings the answer in {@code inputResponses} (see {@link Modern}). A client that cannot be asked
 * gets the call refused with {@link #CANNOT_ASK}. Each served call carries its way to ask in its
 * context under {@link ApprovalHandler#ATTRIBUTE}: it answers instead of the registry's handler.
 */
final class ClientApproval {

  /** Why a call is not approved when its client cannot be asked. */
  static final String CANNOT_ASK =
      "the MCP client cannot be asked (it declared no elicitation capability)";

  /** Why a call is not approved on a stateless legacy server: it has no session to ask in. */
  static final String STATELESS = "a stateless MCP server cannot ask its client";

  /** The form's one field: whether the tool may run for the rest of the MCP session. */
  static final String REMEMBER = "remember";

  private ClientApproval() {}

  /** The longest part of a call's arguments quoted in the question, in chars. */
  static final int QUOTED_ARGUMENT_CHARS = 1000;

  /** What the person is asked: the tool, why, and the arguments it would run with. */
  static String question(GuardedCall call, String reason) {
    String arguments = call.arguments();
    return "Allow the tool "
        + call.name()
        + " to run ("
        + reason
        + ")? Arguments: "
        + (arguments.length() <= QUOTED_ARGUMENT_CHARS
            ? arguments
            : arguments.substring(0, QUOTED_ARGUMENT_CHARS)
                + "... ("
                + arguments.length()
                + " chars)");
  }

  /**
   * Asks a legacy session's client with {@code elicitation/create}; {@code exchange} is null on a
   * stateless server, which has no session to ask in.
   */
  static ApprovalHandler legacy(@Nullable McpAsyncServerExchange exchange) {
    return (call, reason) -> {
      if (exchange == null) {
        return denied(STATELESS);
      }
      if (exchange.getClientCapabilities() == null
          || exchange.getClientCapabilities().elicitation() == null) {
        return denied(CANNOT_ASK);
      }
      McpSchema.ElicitRequest request =
          McpSchema.ElicitFormRequest.builder(question(call, reason), form(true)).build();
      return exchange
          .createElicitation(request)
          .map(result -> approval(result.action().name(), result.content()))
          .toFuture();
    };
  }

  /**
   * The form asked for: nothing to fill in but, where a session lasts beyond the call, whether to
   * allow the tool for the rest of it.
   */
  private static Map<String, Object> form(boolean sessions) {
    return sessions
        ? Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                REMEMBER,
                Map.of(
                    "type",
                    "boolean",
                    "title",
                    "Allow it for the rest of this session",
                    "default",
                    false)))
        : Map.of("type", "object", "properties", Map.of());
  }

  /** The approval an elicitation's {@code action} (and {@code content}) gives. */
  static Approval approval(String action, @Nullable Map<String, Object> content) {
    return switch (action.toUpperCase(java.util.Locale.ROOT)) {
      case "ACCEPT" ->
          content != null && Boolean.TRUE.equals(content.get(REMEMBER))
              ? Approval.forSession()
              : Approval.once();
      case "DECLINE" -> Approval.denied("the user declined");
      default -> Approval.denied("the user cancelled the approval");
    };
  }

  private static CompletionStage<Approval> denied(String reason) {
    return CompletableFuture.completedFuture(Approval.denied(reason));
  }

  /**
   * One 2026-07-28 request's way to ask: there is no session to send a request in, so a call that
   * needs approval ends with an {@code input_required} result ({@link #inputRequired()}) holding
   * the form; the client asks its user and calls again with the answer in {@code inputResponses}
   * and the request state echoed. The state names the tool and its arguments (sealed by the SDK),
   * so an answer approves only the call it was asked for. Nothing carries over between requests: an
   * approval is for the one call.
   */
  static final class Modern implements ApprovalHandler {

    /** The key of the approval in {@code inputRequests} and {@code inputResponses}. */
    static final String KEY = "toolsmith_approval";

    private final McpRequestContext ctx;
    private final io.modelcontextprotocol.modern.McpSchema.CallToolRequest request;
    private final McpJsonMapper json;
    private volatile io.modelcontextprotocol.modern.McpSchema.@Nullable InputRequiredResult
        inputRequired;

    Modern(
        McpRequestContext ctx,
        io.modelcontextprotocol.modern.McpSchema.CallToolRequest request,
        McpJsonMapper json) {
      this.ctx = ctx;
      this.request = request;
      this.json = json;
    }

    /** The result to answer instead of the call's, when the call asked its client. */
    io.modelcontextprotocol.modern.McpSchema.@Nullable InputRequiredResult inputRequired() {
      return inputRequired;
    }

    @Override
    public CompletionStage<Approval> approve(GuardedCall call, String reason) {
      String state = call.name() + "\n" + call.canonicalArguments();
      Map<String, Object> responses = request.inputResponses();
      if (state.equals(request.requestState()) && responses != null && responses.containsKey(KEY)) {
        io.modelcontextprotocol.modern.McpSchema.ElicitResult answer;
        try {
          answer =
              InputResponses.get(
                  responses,
                  KEY,
                  io.modelcontextprotocol.modern.McpSchema.ElicitResult.class,
                  json);
        } catch (RuntimeException e) { // a client's malformed answer approves nothing
          return denied("the MCP client's answer could not be read");
        }
        return answer == null || answer.action() == null
            ? denied("the MCP client's answer could not be read")
            : CompletableFuture.completedFuture(once(approval(answer.action().name(), null)));
      }
      if (!ctx.clientCapabilities().supportsElicitationForm()) {
        return denied(CANNOT_ASK);
      }
      inputRequired =
          io.modelcontextprotocol.modern.McpSchema.InputRequiredResult.builder()
              .elicit(
                  KEY,
                  io.modelcontextprotocol.modern.McpSchema.ElicitFormRequest.builder(
                          question(call, reason), form(false))
                      .build())
              .requestState(state)
              .build();
      return denied("approval was asked of the MCP client"); // never sent: inputRequired is
    }

    /** A modern request has no session: an approval for the session is for this call. */
    private static Approval once(Approval approval) {
      return approval.approved() ? Approval.once() : approval;
    }
  }
}
