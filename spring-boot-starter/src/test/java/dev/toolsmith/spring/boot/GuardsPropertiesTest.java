package dev.toolsmith.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.Approval;
import dev.toolsmith.runtime.guard.ApprovalGuard;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.CallBudget;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.guard.LoopGuard;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolSession;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code toolsmith.guards.*}: off by default, one property on, an ApprovalHandler bean asked. */
class GuardsPropertiesTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ToolsmithAutoConfiguration.class));

  @Test
  void guardsAreOffByDefault() {
    runner.run(context -> assertTrue(context.getBean(ToolRegistry.class).guards().isEmpty()));
  }

  @Test
  void enabledRunsTheBuiltInGuardsAsThePropertiesSay() {
    runner
        .withPropertyValues(
            "toolsmith.guards.enabled=true",
            "toolsmith.guards.budgets.per-tool=2",
            "toolsmith.guards.loop.enabled=false",
            "toolsmith.guards.approval.toolsets=math",
            "toolsmith.guards.deadline=5s",
            "toolsmith.guards.toolset-deadlines.math=1s")
        .run(
            context -> {
              Guards guards = context.getBean(ToolRegistry.class).guards().orElseThrow();
              assertEquals(2, guards.guards().size());
              CallBudget budget = assertInstanceOf(CallBudget.class, guards.guards().get(0));
              assertEquals(2, budget.perTool());
              assertEquals(150, budget.perSession());
              ApprovalGuard approval =
                  assertInstanceOf(ApprovalGuard.class, guards.guards().get(1));
              assertEquals(Set.of("math"), approval.toolsets());
              assertTrue(approval.asksForDestructive());
              assertFalse(guards.guards().stream().anyMatch(LoopGuard.class::isInstance));
              assertEquals(Duration.ofSeconds(1), guards.deadline("add", "math", null));
              assertEquals(Duration.ofSeconds(5), guards.deadline("x", "other", null));
            });
  }

  @Test
  void anApprovalHandlerBeanAnswersTheCallsThatAsk() {
    List<String> asked = new java.util.ArrayList<>();
    runner
        .withPropertyValues("toolsmith.guards.enabled=true", "toolsmith.guards.approval.tools=add")
        .withBean(
            ApprovalHandler.class,
            () ->
                (call, reason) -> {
                  asked.add(call.name() + ": " + reason);
                  return CompletableFuture.completedFuture(
                      asked.size() == 1 ? Approval.denied("not now") : Approval.once());
                })
        .run(
            context -> {
              ToolRegistry registry = context.getBean(ToolRegistry.class);
              ToolContext session = ToolContext.empty().withSession(new ToolSession());
              assertEquals(
                  "{\"error\":\"Tool add was not approved: not now\"}",
                  registry.dispatch("add", "{\"a\":1,\"b\":2}", session));
              assertEquals("3", registry.dispatch("add", "{\"a\":1,\"b\":2}", session));
              assertEquals(
                  List.of(
                      "add: the approval policy names the tool",
                      "add: the approval policy names the tool"),
                  asked);
            });
  }
}
