package dev.toolsmith.springai;

import static dev.toolsmith.testing.springai.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.Approval;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolHints;
import dev.toolsmith.testing.springai.ScriptedChatModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;

/**
 * The registry's guards inside Spring AI's real loop ({@code ChatClient} and its tool calling),
 * with a scripted model: a destructive tool refused without approval and run with it, and a model
 * repeating one call stopped by the loop guard while the turn goes on.
 */
class GuardedChatClientTest {

  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}";

  private final AtomicInteger deleted = new AtomicInteger();
  private final AtomicInteger lookups = new AtomicInteger();
  private final ToolRegistry registry = ToolRegistry.builder().guards(Guards.defaults()).build();

  GuardedChatClientTest() {
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

  private static String ask(
      ScriptedChatModel model, ToolsmithToolCallbackProvider tools, String conversation) {
    return ChatClient.create(model)
        .prompt("Go.")
        .toolCallbacks(tools)
        .toolContext(Map.of(ChatMemory.CONVERSATION_ID, conversation))
        .call()
        .content();
  }

  private static ScriptedChatModel deleting() {
    return new ScriptedChatModel(List.of(call("c1", "delete_repository", "{\"name\":\"demo\"}")));
  }

  @Test
  void aDestructiveToolIsRefusedWithoutApprovalAndRunsWithIt() {
    String refused = ask(deleting(), ToolsmithToolCallbackProvider.of(registry), "ada");

    assertEquals(
        "delete_repository={\"error\":\"Tool delete_repository was not approved: no one can"
            + " approve it here\"}",
        refused);
    assertEquals(0, deleted.get());

    List<String> asked = new ArrayList<>();
    ToolsmithToolCallbackProvider approving =
        ToolsmithToolCallbackProvider.builder(registry)
            .approvalHandler(
                (call, reason) -> {
                  asked.add(call.name() + ": " + reason);
                  return CompletableFuture.completedFuture(Approval.forSession());
                })
            .build();

    assertEquals("delete_repository={\"deleted\":1}", ask(deleting(), approving, "ada"));
    assertEquals("delete_repository={\"deleted\":2}", ask(deleting(), approving, "ada"));
    assertEquals(List.of("delete_repository: the tool is destructive"), asked); // for the session
  }

  @Test
  void aRepeatedCallIsStoppedByTheLoopGuardAndTheTurnGoesOn() {
    var same = List.of(call("c", "lookup", "{\"name\":\"demo\"}"));
    ScriptedChatModel model = ScriptedChatModel.turns(List.of(same, same, same));
    ToolsmithToolCallbackProvider tools = ToolsmithToolCallbackProvider.of(registry);

    String answer = ask(model, tools, "bob");

    assertEquals(4, model.prompts().size()); // three calls, then the answer: the turn went on
    assertEquals(2, lookups.get());
    // the model's answer lists the last tool results it received: the loop guard's refusal
    assertEquals(
        String.join(
            "\n",
            "lookup={\"error\":\"Tool lookup was not run: it was already called 2 times with the"
                + " same arguments in this session; it answered: {\\\"stars\\\":2}. Use that"
                + " answer or change the arguments.\"}"),
        answer);
    ScriptedChatModel other = ScriptedChatModel.turns(List.of(same));
    assertEquals("lookup={\"stars\":3}", ask(other, tools, "carol"));
  }
}
