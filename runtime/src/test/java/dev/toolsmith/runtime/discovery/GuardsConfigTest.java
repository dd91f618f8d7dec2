package dev.toolsmith.runtime.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.ApprovalGuard;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.CallBudget;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.guard.LoopGuard;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolSession;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code guards} section of toolsmith.yaml. */
class GuardsConfigTest {

  @TempDir Path dir;

  private GuardsConfig parse(String yaml) {
    return ToolsmithConfig.parse(yaml, "toolsmith.yaml", dir).guards();
  }

  @Test
  void absentSectionTurnsNothingOn() {
    assertTrue(parse("plugins: {}\n").isEmpty());
    assertTrue(parse("guards:\n").isEmpty());
  }

  @Test
  void guardsRunInTheOrderTheFileNamesThem() {
    GuardsConfig config =
        parse(
            String.join(
                "\n",
                "guards:",
                "  approval:",
                "    destructive: false",
                "    tools: [deploy]",
                "    toolsets: [admin]",
                "    origins: [mcp_servers.github]",
                "  loop: {times: 4}",
                "  budgets: {per_tool: 5}",
                "  deadlines:",
                "    default: 30",
                "    toolsets: {web: 2.5}",
                "    tools: {report: 120}",
                ""));

    ApprovalGuard approval = assertInstanceOf(ApprovalGuard.class, config.guards().get(0));
    assertEquals(false, approval.asksForDestructive());
    assertEquals(Set.of("deploy"), approval.tools());
    assertEquals(Set.of("admin"), approval.toolsets());
    assertEquals(Set.of("mcp_servers.github"), approval.origins());
    assertEquals(4, assertInstanceOf(LoopGuard.class, config.guards().get(1)).times());
    CallBudget budget = assertInstanceOf(CallBudget.class, config.guards().get(2));
    assertEquals(5, budget.perTool());
    assertEquals(150, budget.perSession());
    Guards guards = config.toGuards(ApprovalHandler.NONE);
    assertEquals(Duration.ofSeconds(120), guards.deadline("report", "web", null));
    assertEquals(Duration.ofMillis(2500), guards.deadline("fetch", "web", null));
    assertEquals(Duration.ofSeconds(30), guards.deadline("other", "misc", null));
  }

  @Test
  void emptyEntriesAreTheDefaults() {
    GuardsConfig config = parse("guards:\n  budgets:\n  loop: {}\n  approval: {}\n");

    ToolRegistry registry =
        ToolRegistry.builder().guards(config.toGuards(ApprovalHandler.NONE)).build();
    registry.register(Fixtures.entry("lookup", "web"));
    ToolContext context = ToolContext.empty().withSession(new ToolSession());
    registry.dispatch("lookup", "{}", context);
    registry.dispatch("lookup", "{}", context);

    assertEquals(
        "{\"error\":\"Tool lookup was not run: it was already called 2 times with the same"
            + " arguments in this session; it answered: lookup@web. Use that answer or change the"
            + " arguments.\"}",
        registry.dispatch("lookup", "{}", context));
    assertEquals(40, ((CallBudget) config.guards().get(0)).perTool());
    assertTrue(((ApprovalGuard) config.guards().get(2)).asksForDestructive());
  }

  @Test
  void badValuesNameTheKeyAndLine() {
    ConfigException unknown =
        assertThrows(ConfigException.class, () -> parse("guards:\n  budget: {}\n"));
    assertTrue(unknown.getMessage().contains("budget"), unknown.getMessage());
    ConfigException zero =
        assertThrows(ConfigException.class, () -> parse("guards:\n  budgets:\n    per_tool: 0\n"));
    assertTrue(zero.getMessage().contains("per_tool"), zero.getMessage());
    assertTrue(zero.getMessage().contains("line 3"), zero.getMessage());
    ConfigException deadline =
        assertThrows(ConfigException.class, () -> parse("guards:\n  deadlines: {default: -1}\n"));
    assertTrue(deadline.getMessage().contains("default"), deadline.getMessage());
    ConfigException loop =
        assertThrows(ConfigException.class, () -> parse("guards:\n  loop: {times: 1}\n"));
    assertTrue(loop.getMessage().contains("times"), loop.getMessage());
  }
}
