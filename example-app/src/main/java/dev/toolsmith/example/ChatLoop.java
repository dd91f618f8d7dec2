package dev.toolsmith.example;

import dev.toolsmith.example.Conversation.Reply;
import java.io.PrintWriter;

/**
 * The agent's turn loop: the user's message, then model requests and tool calls until the model
 * answers without calling a tool, at most {@code maxRequests} requests a turn.
 */
final class ChatLoop {

  private final Conversation conversation;
  private final ToolCallRunner tools;
  private final PrintWriter out;
  private final int maxRequests;

  ChatLoop(Conversation conversation, ToolCallRunner tools, PrintWriter out, int maxRequests) {
    this.conversation = conversation;
    this.tools = tools;
    this.out = out;
    this.maxRequests = maxRequests;
  }

  /**
   * Runs one user turn and prints it; false when the model was still calling tools after the last
   * request allowed.
   */
  boolean turn(String userMessage) {
    print("user> " + userMessage);
    conversation.addUserMessage(userMessage);
    for (int request = 0; request < maxRequests; request++) {
      Reply reply = conversation.next();
      if (!reply.text().isBlank()) {
        print("assistant> " + reply.text().strip());
      }
      if (reply.refusal() != null) {
        print("assistant refused> " + reply.refusal().strip());
      }
      if (reply.calls().isEmpty()) {
        return true;
      }
      conversation.addToolResults(reply.calls(), tools.run(reply.calls()));
    }
    print(
        "stopped: the model was still calling tools after "
            + maxRequests
            + " requests (--max-turns)");
    return false;
  }

  private void print(String line) {
    synchronized (out) {
      out.println(line);
      out.flush();
    }
  }
}
