package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Dynamic schema overrides of hand-registered entries, merged at listing time. */
class SchemaOverridesTest {

  private static final String LIMITED =
      "{\"type\":\"object\",\"properties\":{\"tasks\":" + "{\"type\":\"integer\",\"maximum\":3}}}";

  private final ToolRegistry registry = ToolRegistry.create();
  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
  }

  private void delegate(Supplier<? extends Map<String, ?>> overrides) {
    registry.register(
        Fixtures.tool("delegate", "agents")
            .description("Delegates.")
            .schemaOverrides(overrides)
            .build());
  }

  private String listed() {
    return registry.definitions(List.of("delegate"));
  }

  private static String openAi(String description, String parameters) {
    return "[{\"type\":\"function\",\"function\":{\"name\":\"delegate\",\"description\":\""
        + description
        + "\",\"parameters\":"
        + parameters
        + "}}]";
  }

  @Test
  void theOverrideIsMergedShallowlyAtEachListing() {
    AtomicInteger limit = new AtomicInteger(3);
    delegate(() -> Map.of("description", "Delegates up to " + limit.get() + " tasks."));

    assertEquals(openAi("Delegates up to 3 tasks.", Fixtures.SCHEMA), listed());
    limit.set(5);
    assertEquals(
        openAi("Delegates up to 5 tasks.", Fixtures.SCHEMA),
        listed(),
        "asked again at the next listing");
  }

  @Test
  void parametersReplaceTheSchemaAsTextOrAsAMap() {
    delegate(() -> Map.of("parameters", LIMITED));
    assertEquals(openAi("Delegates.", LIMITED), listed());

    Map<String, Object> tasks = new LinkedHashMap<>();
    tasks.put("type", "integer");
    tasks.put("maximum", 3);
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", Map.of("tasks", tasks));
    ToolRegistry other = ToolRegistry.create();
    other.register(
        Fixtures.tool("delegate", "agents")
            .description("Delegates.")
            .schemaOverrides(() -> Map.of("parameters", schema))
            .build());
    assertEquals(openAi("Delegates.", LIMITED), other.definitions(List.of("delegate")));
  }

  @Test
  void everyFormatSeesTheOverride() {
    delegate(() -> Map.of("description", "Now.", "parameters", LIMITED));

    assertEquals(
        "[{\"name\":\"delegate\",\"description\":\"Now.\",\"input_schema\":" + LIMITED + "}]",
        registry.definitions(List.of("delegate"), DefinitionFormat.ANTHROPIC));
    assertEquals(
        "[{\"name\":\"delegate\",\"description\":\"Now.\",\"inputSchema\":" + LIMITED + "}]",
        registry.definitions(List.of("delegate"), DefinitionFormat.MCP));
    assertTrue(
        registry
            .definitions(List.of("delegate"), DefinitionFormat.GEMINI)
            .contains("\"maximum\":3"));
  }

  @Test
  void anOverrideThatThrowsFallsBackToTheStaticSchema() {
    delegate(
        () -> {
          throw new IllegalStateException("config unreadable");
        });

    assertEquals(openAi("Delegates.", Fixtures.SCHEMA), listed());
    assertEquals(1, log.warnings().size());
    assertTrue(log.warnings().get(0).contains("'delegate' threw"), log.warnings().toString());
  }

  @Test
  void anOverrideThatReturnsNothingFallsBackToTheStaticSchema() {
    delegate(() -> null);
    assertEquals(openAi("Delegates.", Fixtures.SCHEMA), listed());
    ToolRegistry other = ToolRegistry.create();
    other.register(
        Fixtures.tool("delegate", "agents")
            .description("Delegates.")
            .schemaOverrides(Map::of)
            .build());
    assertEquals(openAi("Delegates.", Fixtures.SCHEMA), other.definitions(List.of("delegate")));
    assertEquals(List.of(), log.warnings());
  }

  @Test
  void parametersThatAreNotOneJsonObjectFallBackToTheStaticSchema() {
    delegate(() -> Map.of("description", "Now.", "parameters", "[1,2]"));

    assertEquals(openAi("Delegates.", Fixtures.SCHEMA), listed());
    assertTrue(
        log.warnings().get(0).contains("must be one JSON object"), log.warnings().toString());
  }

  @Test
  void theNameCannotBeOverriddenAndOtherKeysAreIgnoredWithAWarning() {
    delegate(() -> Map.of("name", "other"));

    assertEquals(openAi("Delegates.", Fixtures.SCHEMA), listed());
    assertTrue(log.warnings().get(0).contains("key 'name' ignored"), log.warnings().toString());
  }

  @Test
  void readingTheSchemaIgnoresTheOverride() {
    delegate(() -> Map.of("parameters", LIMITED));

    assertEquals(Fixtures.SCHEMA, registry.entry("delegate").orElseThrow().definition().schema());
  }

  @Test
  void theOverrideIsNotAskedForAToolThatIsNotListed() {
    AtomicInteger asked = new AtomicInteger();
    registry.register(
        Fixtures.tool("delegate", "agents")
            .check(() -> false)
            .schemaOverrides(
                () -> {
                  asked.incrementAndGet();
                  return Map.of();
                })
            .build());

    assertEquals("[]", listed());
    assertEquals(0, asked.get());
  }

  @Test
  void anExampleTheOverridingSchemaRefusesIsLeftOutWithAWarning() {
    registry.register(
        ToolEntry.builder(
                Fixtures.definition("delegate")
                    .schema(
                        "{\"type\":\"object\",\"properties\":{\"tasks\":{\"type\":\"integer\"}}}")
                    .inputExamples(List.of("{\"tasks\":2}", "{\"tasks\":5}"))
                    .build(),
                "agents")
            .handler((dev.toolsmith.runtime.tool.ToolHandler.Sync) (args, context) -> "")
            .schemaOverrides(() -> Map.of("parameters", LIMITED))
            .build());
    String anthropic = registry.definitions(List.of("delegate"), DefinitionFormat.ANTHROPIC);
    assertTrue(anthropic.contains(",\"input_examples\":[{\"tasks\":2}]}"), anthropic);
    assertTrue(
        String.join("\n", log.warnings())
            .contains(
                "Schema overrides of tool 'delegate': example {\"tasks\":5} left out, the schema"
                    + " changed: at /tasks: expected a number (maximum 3); found 5"),
        log.warnings().toString());
  }
}
