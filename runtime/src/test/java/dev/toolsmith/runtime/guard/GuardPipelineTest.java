package dev.toolsmith.runtime.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The guard step of the call pipeline: order, refusal, approval, and what observers see. */
class GuardPipelineTest {

  private final AtomicInteger runs = new AtomicInteger();

  private ToolRegistry registry(Guards guards) {
    ToolRegistry registry = ToolRegistry.builder().guards(guards).build();
    registry.register(
        Fixtures.tool("delete_repository", "repos")
            .hints(ToolHints.builder().destructive(true).build())
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      runs.incrementAndGet();
                      return "{\"deleted\":true}";
                    })
            .build());
    return registry;
  }

  private static final ToolGuard ASK_DESTRUCTIVE =
      call ->
          Boolean.TRUE.equals(call.hints().destructive())
              ? GuardDecision.askApproval("the tool is destructive")
              : GuardDecision.proceed();

  @Test
  void refusalIsAnErrorObjectAndItsOwnOutcome() {
    ToolRegistry registry =
        registry(Guards.builder().guard(call -> GuardDecision.refuse("not today")).build());
    List<ToolCallResult> seen = new ArrayList<>();
    registry.addObserver(call -> seen::add);

    assertEquals("{\"error\":\"not today\"}", registry.dispatch("delete_repository", "{}"));
    ToolCallResult result = registry.call("delete_repository", "{}");

    assertEquals(ToolCallResult.Outcome.REFUSED, result.outcome());
    assertEquals(ToolCallResult.Outcome.REFUSED, seen.get(1).outcome());
    ToolFailureException why = assertInstanceOf(ToolFailureException.class, result.failure());
    assertEquals("not today", why.getMessage());
    assertEquals(0, runs.get());
  }

  @Test
  void unapprovedToolNeverRuns() {
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(ASK_DESTRUCTIVE)
                .approvalHandler(
                    (call, reason) ->
                        CompletableFuture.completedFuture(Approval.denied("the user said no")))
                .build());

    ToolCallResult result = registry.call("delete_repository", "{}");

    assertEquals(
        "{\"error\":\"Tool delete_repository was not approved: the user said no\"}", result.text());
    assertEquals(ToolCallResult.Outcome.DENIED, result.outcome());
    assertEquals(0, runs.get());
  }

  @Test
  void withoutHandlerNoOneCanApprove() {
    ToolRegistry registry = registry(Guards.builder().guard(ASK_DESTRUCTIVE).build());

    assertEquals(
        "{\"error\":\"Tool delete_repository was not approved: no one can approve it here\"}",
        registry.dispatch("delete_repository", "{}"));
    assertEquals(0, runs.get());
  }

  @Test
  void approvalOnceAsksAgainAndForSessionDoesNot() {
    AtomicInteger asked = new AtomicInteger();
    List<Approval> answers = new ArrayList<>(List.of(Approval.once(), Approval.forSession()));
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(ASK_DESTRUCTIVE)
                .approvalHandler(
                    (call, reason) -> {
                      asked.incrementAndGet();
                      // answered later, on another thread, as a person or a client would
                      return CompletableFuture.supplyAsync(() -> answers.remove(0));
                    })
                .build());
    ToolContext context = ToolContext.empty().withSession(new ToolSession());

    for (int i = 0; i < 4; i++) {
      assertEquals("{\"deleted\":true}", registry.dispatch("delete_repository", "{}", context));
    }

    assertEquals(2, asked.get()); // once, then for the session: the last two did not ask
    assertEquals(4, runs.get());
    assertEquals(4, context.session().calls("delete_repository"));
    assertTrue(context.session().isApprovedForSession("delete_repository"));
  }

  @Test
  void guardsRunInTheirOrderAndTheFirstRefusalDecides() {
    List<String> order = new ArrayList<>();
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(
                    call -> {
                      order.add("first");
                      return GuardDecision.proceed();
                    })
                .guard(
                    call -> {
                      order.add("second");
                      return GuardDecision.refuse("second says no");
                    })
                .guard(
                    call -> {
                      order.add("third");
                      return GuardDecision.proceed();
                    })
                .build());

    assertEquals("{\"error\":\"second says no\"}", registry.dispatch("delete_repository", "{}"));
    assertEquals(List.of("first", "second"), order);
  }

  @Test
  void aThrowingGuardRefusesAndDispatchStillAnswers() {
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(
                    call -> {
                      throw new IllegalStateException("broken");
                    })
                .build());

    ToolCallResult result = registry.call("delete_repository", "{}");

    assertEquals(ToolCallResult.Outcome.REFUSED, result.outcome());
    assertEquals(
        "{\"error\":\"Tool delete_repository was refused: its guard failed"
            + " (IllegalStateException: broken)\"}",
        result.text());
    assertEquals(0, runs.get());
  }

  @Test
  void guardsSeeTheToolTheArgumentsAndTheSession() {
    List<GuardedCall> seen = new ArrayList<>();
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(
                    call -> {
                      seen.add(call);
                      return GuardDecision.proceed();
                    })
                .build());
    ToolSession session = new ToolSession();

    registry.dispatch(
        "delete_repository", "{\"b\":1.0,\"a\":[2]}", ToolContext.of("c1").withSession(session));

    GuardedCall call = seen.get(0);
    assertEquals("delete_repository", call.name());
    assertEquals("repos", call.toolset());
    assertEquals(Boolean.TRUE, call.hints().destructive());
    assertEquals("c1", call.context().callId());
    assertEquals(session, call.session());
    assertEquals("{\"a\":[2],\"b\":1,}", call.canonicalArguments());
  }

  @Test
  void theLoopsOwnHandlerInTheContextAnswersInsteadOfTheRegistrys() {
    ToolRegistry registry =
        registry(
            Guards.builder()
                .guard(ASK_DESTRUCTIVE)
                .approvalHandler(
                    (call, reason) ->
                        CompletableFuture.completedFuture(Approval.denied("registry says no")))
                .build());
    ApprovalHandler loops = (call, reason) -> CompletableFuture.completedFuture(Approval.once());

    assertEquals(
        "{\"deleted\":true}",
        registry.dispatch(
            "delete_repository",
            "{}",
            ToolContext.of("c", java.util.Map.of(ApprovalHandler.ATTRIBUTE, loops))));
    assertEquals(
        "{\"error\":\"Tool delete_repository was not approved: registry says no\"}",
        registry.dispatch("delete_repository", "{}"));
  }
}
