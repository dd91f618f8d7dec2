package dev.toolsmith.runtime.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ready check of {@code requiresEnv}: a tool given one is offered only while its own variables
 * are set and not blank, and a refusal says which is missing.
 */
final class RequiresEnvCheckTest {

  private final Map<String, String> environment = new HashMap<>();

  private ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    // One template check for two tools: each entry binds it to its own variables.
    RequiresEnvCheck check = RequiresEnvCheck.of(List.of(), environment::get);
    registry.register(tool("chat", List.of("CHAT_TOKEN", "REGION"), check));
    registry.register(tool("search", List.of("SEARCH_KEY"), check));
    return registry;
  }

  private static ToolEntry tool(String name, List<String> variables, RequiresEnvCheck check) {
    return ToolEntry.builder(name, name)
        .schema("{\"type\":\"object\",\"properties\":{}}")
        .description("The " + name + " tool.")
        .handler((ToolHandler.Sync) (args, context) -> name + " ran")
        .requiresEnv(variables)
        .check(check)
        .build();
  }

  @Test
  void aToolIsOfferedOnlyWhileItsOwnVariablesAreSetAndNotBlank() {
    environment.put("CHAT_TOKEN", "secret");
    environment.put("REGION", "  ");
    ToolRegistry registry = registry();

    assertEquals("[]", registry.definitions(List.of("chat", "search")));
    assertEquals(
        "{\"error\":\"Tool chat is unavailable: check returned false (REGION is blank)"
            + " (requires CHAT_TOKEN, REGION)\"}",
        registry.dispatch("chat", "{}"));
    assertEquals(
        "{\"error\":\"Tool search is unavailable: check returned false (SEARCH_KEY is not set)"
            + " (requires SEARCH_KEY)\"}",
        registry.dispatch("search", "{}"));

    environment.put("REGION", "eu");
    ToolRegistry later = registry();
    String listed = later.definitions(List.of("chat", "search"));
    assertTrue(listed.contains("\"name\":\"chat\""), listed);
    assertFalse(listed.contains("\"name\":\"search\""), listed);
    assertEquals("chat ran", later.dispatch("chat", "{}"));
  }

  @Test
  void theCheckReadsTheVariablesItIsBoundTo() {
    RequiresEnvCheck none = RequiresEnvCheck.of(List.of(), environment::get);
    assertTrue(none.getAsBoolean()); // no variable: nothing missing
    RequiresEnvCheck bound = none.forVariables(List.of("A", "B"));
    assertEquals(List.of("A", "B"), bound.variables());
    assertFalse(bound.getAsBoolean());
    assertEquals("A is not set, B is not set", bound.unavailableReason());
    environment.put("A", "1");
    environment.put("B", "");
    assertEquals("B is blank", bound.unavailableReason());
  }
}
