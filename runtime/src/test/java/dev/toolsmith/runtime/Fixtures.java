package dev.toolsmith.runtime;

import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Hand-written entries for the registry's tests: no processor involved. */
public final class Fixtures {

  public static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";

  private Fixtures() {}

  /** A sync tool that answers {@code NAME@TOOLSET}, so tests can tell which entry ran. */
  public static ToolEntryBuilder tool(String name, String toolset) {
    return ToolEntry.builder(name, toolset)
        .schema(SCHEMA)
        .description("The " + name + " tool.")
        .handler((ToolHandler.Sync) (args, context) -> name + "@" + toolset);
  }

  /** The definition {@link #tool(String, String)} gives its tools, to change before building. */
  public static ToolDefinition.Builder definition(String name) {
    return ToolDefinition.builder(name, SCHEMA).description("The " + name + " tool.");
  }

  /** {@link #tool(String, String)} showing {@code definition}. */
  public static ToolEntryBuilder tool(ToolDefinition definition, String toolset) {
    return ToolEntry.builder(definition, toolset)
        .handler((ToolHandler.Sync) (args, context) -> definition.name() + "@" + toolset);
  }

  public static ToolEntry entry(String name, String toolset) {
    return tool(name, toolset).build();
  }

  public static ToolEntry entry(String name, String toolset, BooleanSupplier check) {
    return tool(name, toolset).check(check).build();
  }

  /** A check that counts its runs and answers a fixed value. */
  public static final class CountingCheck implements BooleanSupplier {
    private final boolean answer;
    private final AtomicInteger calls = new AtomicInteger();

    CountingCheck(boolean answer) {
      this.answer = answer;
    }

    @Override
    public boolean getAsBoolean() {
      calls.incrementAndGet();
      return answer;
    }

    int calls() {
      return calls.get();
    }
  }

  /** Whether the registry's availability report says the toolset is available. */
  public static boolean available(ToolRegistry registry, String toolset) {
    return registry.availability().toolset(toolset).map(Availability::available).orElse(false);
  }

  /** Each tool's name to its toolset, sorted by name. */
  public static java.util.Map<String, String> toolsets(ToolRegistry registry) {
    java.util.Map<String, String> toolsets = new java.util.TreeMap<>();
    for (String name : registry.toolNames()) {
      registry.entry(name).ifPresent(entry -> toolsets.put(name, entry.toolset()));
    }
    return toolsets;
  }
}
