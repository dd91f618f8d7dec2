package dev.toolsmith.langchain4j;

import static dev.toolsmith.langchain4j.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.Approval;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The registry's guards inside LangChain4j's real loop ({@code AiServices}), with a model that
 * replays a script: a destructive tool refused without approval and run with it, and a model
 * repeating one call stopped by the loop guard while the turn goes on.
 */
class GuardedLoopTest {

  interface Assistant {
    String chat(@MemoryId String user, @UserMessage String message);
  }

  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}";

  private final AtomicInteger deleted = new AtomicInteger();
  private final AtomicInteger lookups = new AtomicInteger();
  private final ToolRegistry registry = ToolRegistry.builder().guards(Guards.defaults()).build();

  GuardedLoopTest() {
    registry.register(
        ToolEntry.builder("delete_repository", "repos")
            .schema(SCHEMA)
            .description("Deletes a repository.")
            .hints(ToolHints.builder().destructive(true).build())
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> "{\"deleted\":" + deleted.incrementAndGet() + "}")
            .build());
    registry.register(
        ToolEntry.builder("lookup", "repos")
            .schema(SCHEMA)
            .description("Looks a repository up.")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> "{\"stars\":" + lookups.incrementAndGet() + "}")
            .build());
  }

  /** Replies with each scripted message in turn, then with every tool result it received. */
  static final class Script implements ChatModel {
    final List<ChatRequest> requests = new ArrayList<>();
    private final Deque<AiMessage> replies;

    Script(List<AiMessage> replies) {
      this.replies = new ArrayDeque<>(replies);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
      requests.add(request);
      AiMessage reply = replies.isEmpty() ? AiMessage.from(results(request)) : replies.poll();
      return ChatResponse.builder().aiMessage(reply).build();
    }

    private static String results(ChatRequest request) {
      List<String> lines = new ArrayList<>();
      for (ChatMessage message : request.messages()) {
        if (message instanceof ToolExecutionResultMessage result) {
          lines.add(result.toolName() + "=" + result.text());
        }
      }
      return String.join("\n", lines);
    }
  }

  private Assistant assistant(ChatModel model, ToolsmithToolProvider tools) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .chatMemoryProvider(
            id -> dev.langchain4j.memory.chat.MessageWindowChatMemory.withMaxMessages(50))
        .toolProvider(tools)
        .build();
  }

  private static AiMessage deleteCall() {
    return AiMessage.from(List.of(call("c1", "delete_repository", "{\"name\":\"demo\"}")));
  }

  @Test
  void aDestructiveToolIsRefusedWithoutApprovalAndRunsWithIt() {
    String refused =
        assistant(new Script(List.of(deleteCall())), ToolsmithToolProvider.of(registry))
            .chat("ada", "Delete demo.");

    assertEquals(
        "delete_repository={\"error\":\"Tool delete_repository was not approved: no one can"
            + " approve it here\"}",
        refused);
    assertEquals(0, deleted.get());

    List<String> asked = new ArrayList<>();
    ToolsmithToolProvider approving =
        ToolsmithToolProvider.builder(registry)
            .approvalHandler(
                (call, reason) -> {
                  asked.add(call.name() + " " + call.arguments() + ": " + reason);
                  return CompletableFuture.completedFuture(Approval.once());
                })
            .build();
    String ran =
        assistant(new Script(List.of(deleteCall())), approving).chat("ada", "Delete demo.");

    assertEquals("delete_repository={\"deleted\":1}", ran);
    assertEquals(List.of("delete_repository {\"name\":\"demo\"}: the tool is destructive"), asked);
  }

  @Test
  void aRepeatedCallIsStoppedByTheLoopGuardAndTheTurnGoesOn() {
    AiMessage same = AiMessage.from(List.of(call("c", "lookup", "{\"name\":\"demo\"}")));
    Script model = new Script(List.of(same, same, same));

    String answer = assistant(model, ToolsmithToolProvider.of(registry)).chat("bob", "Stars?");

    assertEquals(4, model.requests.size()); // three calls, then the answer: the turn went on
    assertEquals(2, lookups.get());
    assertEquals(
        String.join(
            "\n",
            "lookup={\"stars\":1}",
            "lookup={\"stars\":2}",
            "lookup={\"error\":\"Tool lookup was not run: it was already called 2 times with the"
                + " same arguments in this session; it answered: {\\\"stars\\\":2}. Use that"
                + " answer or change the arguments.\"}"),
        answer);
    // another conversation (memory id) is another session
    assertEquals(
        "lookup={\"stars\":3}",
        assistant(new Script(List.of(same)), ToolsmithToolProvider.of(registry))
            .chat("carol", "Stars?"));
  }
}
