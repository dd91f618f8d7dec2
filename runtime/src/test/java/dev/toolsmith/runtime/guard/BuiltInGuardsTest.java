package dev.toolsmith.runtime.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.Fixtures;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The built-in guards, each through its whole life in real sessions. */
class BuiltInGuardsTest {

  private final AtomicInteger runs = new AtomicInteger();

  private ToolRegistry registry(Guards guards) {
    ToolRegistry registry = ToolRegistry.builder().guards(guards).build();
    registry.register(counting("lookup", "web", ToolHints.NONE));
    registry.register(counting("other", "web", ToolHints.NONE));
    registry.register(
        counting("delete_repository", "repos", ToolHints.builder().destructive(true).build()));
    return registry;
  }

  private dev.toolsmith.runtime.ToolEntry counting(String name, String toolset, ToolHints hints) {
    return Fixtures.tool(name, toolset)
        .hints(hints)
        .handler((ToolHandler.Sync) (args, context) -> "{\"run\":" + runs.incrementAndGet() + "}")
        .build();
  }

  private static ToolContext session() {
    return ToolContext.empty().withSession(new ToolSession());
  }

  @Test
  void budgetPerToolIsSpentThenANewSessionHasItAgain() {
    ToolRegistry registry = registry(Guards.builder().guard(CallBudget.of(2, 10)).build());
    ToolContext first = session();

    registry.dispatch("lookup", "{\"q\":1}", first);
    registry.dispatch("lookup", "{\"q\":2}", first);
    ToolCallResult third = registry.call("lookup", "{\"q\":3}", first);

    assertEquals(ToolCallResult.Outcome.REFUSED, third.outcome());
    assertEquals(
        "{\"error\":\"Tool lookup was not run: its budget of 2 calls in this session is spent\"}",
        third.text());
    assertEquals("{\"run\":3}", registry.dispatch("other", "{}", first)); // another tool's budget
    assertEquals("{\"run\":4}", registry.dispatch("lookup", "{\"q\":3}", session()));
    assertEquals(4, runs.get());
  }

  @Test
  void budgetPerSessionCountsEveryTool() {
    ToolRegistry registry = registry(Guards.builder().guard(CallBudget.of(10, 3)).build());
    ToolContext context = session();

    registry.dispatch("lookup", "{\"q\":1}", context);
    registry.dispatch("other", "{}", context);
    registry.dispatch("lookup", "{\"q\":2}", context);

    assertEquals(
        "{\"error\":\"Tool other was not run: this session's budget of 3 tool calls is spent\"}",
        registry.dispatch("other", "{\"x\":1}", context));
    assertEquals(3, runs.get());
  }

  @Test
  void defaultBudgetsAreSpringAis() {
    CallBudget budget = CallBudget.defaults();
    assertEquals(40, budget.perTool());
    assertEquals(150, budget.perSession());
    ToolRegistry registry = registry(Guards.builder().guard(budget).build());
    ToolContext context = session();
    for (int i = 0; i < 40; i++) {
      registry.dispatch("lookup", "{\"q\":" + i + "}", context);
    }
    assertEquals(
        ToolCallResult.Outcome.REFUSED,
        registry.call("lookup", "{\"q\":\"once more\"}", context).outcome());
    assertEquals(40, runs.get());
  }

  @Test
  void loopGuardRefusesTheThirdIdenticalCallQuotingTheAnswer() {
    ToolRegistry registry = registry(Guards.builder().guard(LoopGuard.defaults()).build());
    ToolContext context = session();

    assertEquals("{\"run\":1}", registry.dispatch("lookup", "{\"q\":\"x\",\"n\":1}", context));
    // the same arguments, members in another order and the number written another way
    assertEquals("{\"run\":2}", registry.dispatch("lookup", "{\"n\":1.0,\"q\":\"x\"}", context));
    ToolCallResult third = registry.call("lookup", "{ \"n\": 10e-1, \"q\": \"x\" }", context);

    assertEquals(ToolCallResult.Outcome.REFUSED, third.outcome());
    assertEquals(
        "{\"error\":\"Tool lookup was not run: it was already called 2 times with the same"
            + " arguments in this session; it answered: {\\\"run\\\":2}. Use that answer or change"
            + " the arguments.\"}",
        third.text());
    assertEquals("{\"run\":3}", registry.dispatch("lookup", "{\"q\":\"x\",\"n\":2}", context));
    assertEquals("{\"run\":4}", registry.dispatch("lookup", "{\"q\":\"x\",\"n\":1}", session()));
  }

  @Test
  void loopGuardSaysHowLongALongAnswerWas() {
    ToolRegistry registry =
        ToolRegistry.builder().guards(Guards.builder().guard(LoopGuard.of(2)).build()).build();
    String longAnswer = "{\"text\":\"" + "a".repeat(600) + "\"}";
    registry.register(
        Fixtures.tool("read", "files").handler((ToolHandler.Sync) (a, c) -> longAnswer).build());
    ToolContext context = session();

    registry.dispatch("read", "{}", context);

    assertEquals(
        "{\"error\":\"Tool read was not run: it was already called once with the same arguments"
            + " in this session; its answer had 611 chars. Use that answer or change the"
            + " arguments.\"}",
        registry.dispatch("read", "{}", context));
  }

  @Test
  void approvalAsksForDestructiveToolsAndThoseThePolicyNames() {
    List<String> asked = new java.util.ArrayList<>();
    ApprovalGuard policy =
        ApprovalGuard.builder()
            .tools(List.of("lookup"))
            .toolsets(List.of("admin"))
            .origins(List.of("mcp_servers.github"))
            .build();
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(policy)
                .approvalHandler(
                    (call, reason) -> {
                      asked.add(call.name() + ": " + reason);
                      return CompletableFuture.completedFuture(Approval.once());
                    })
                .build());
    registry.register(Fixtures.entry("reset", "admin"));
    registry.registerAll(
        ToolOrigin.source("mcp_servers.github"),
        List.of(Fixtures.entry("create_issue", "github")),
        false);

    for (String tool : List.of("delete_repository", "lookup", "other", "reset", "create_issue")) {
      registry.dispatch(tool, "{}", session());
    }

    assertEquals(
        List.of(
            "delete_repository: the tool is destructive",
            "lookup: the approval policy names the tool",
            "reset: the approval policy names its toolset admin",
            "create_issue: the approval policy names its origin source mcp_servers.github"),
        asked);
  }

  @Test
  void aToolThatRequiresApprovalAsksWhateverItsHints() {
    List<String> asked = new java.util.ArrayList<>();
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(ApprovalGuard.builder().destructive(false).build())
                .approvalHandler(
                    (call, reason) -> {
                      asked.add(call.name() + ": " + reason);
                      return CompletableFuture.completedFuture(Approval.denied("no"));
                    })
                .build());
    registry.register(Fixtures.tool("deploy", "ops").requiresApproval(true).build());

    assertEquals(
        "{\"error\":\"Tool deploy was not approved: no\"}", registry.dispatch("deploy", "{}"));
    assertEquals("{\"run\":1}", registry.dispatch("delete_repository", "{}"));
    assertEquals(List.of("deploy: the tool requires approval"), asked);
  }

  @Test
  void defaultsRefuseDestructiveToolsUntilAHandlerApproves() {
    ToolRegistry refusing = registry(Guards.defaults());
    assertEquals(
        "{\"error\":\"Tool delete_repository was not approved: no one can approve it here\"}",
        refusing.dispatch("delete_repository", "{}"));
    assertEquals("{\"run\":1}", refusing.dispatch("lookup", "{}"));

    ToolRegistry approving =
        registry(
            Guards.defaults()
                .withApprovalHandler(
                    (call, reason) -> CompletableFuture.completedFuture(Approval.once())));
    assertEquals("{\"run\":2}", approving.dispatch("delete_repository", "{}"));
  }

  @Test
  void badLimitsAreRefusedWhereTheyAreMade() {
    assertThrows(IllegalArgumentException.class, () -> CallBudget.of(0, 10));
    assertThrows(IllegalArgumentException.class, () -> LoopGuard.of(1));
    assertThrows(
        IllegalArgumentException.class, () -> Guards.builder().deadline(java.time.Duration.ZERO));
  }
}
