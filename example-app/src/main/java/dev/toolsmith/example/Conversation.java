package dev.toolsmith.example;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One provider's side of a chat: the history in its official client's own types, sent one request
 * at a time with the tools' current definitions.
 */
interface Conversation extends AutoCloseable {

  /** A tool call the model asked for: its id, the tool's name and the arguments as JSON text. */
  record ToolCall(String id, String name, String arguments) {}

  /** One reply of the model: its text (empty when none), a refusal, and the tools it calls. */
  record Reply(String text, @Nullable String refusal, List<ToolCall> calls) {}

  /**
   * The provider's API failed (an error status, a connection refused): its client's exception,
   * named by its type in the message.
   */
  final class ApiFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ApiFailure(RuntimeException cause) {
      super(cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
    }
  }

  /** Adds the user's message to the history. */
  void addUserMessage(String text);

  /** Sends the history and the definitions of the offered tools; the reply joins the history. */
  Reply next();

  /** Adds the results of {@code calls}, in their order, to the history. */
  void addToolResults(List<ToolCall> calls, List<String> results);

  /** Releases the client's connections and threads. */
  @Override
  void close();
}
