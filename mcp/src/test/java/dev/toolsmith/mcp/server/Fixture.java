package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolHints;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A small registry of hand-written tools for the serving tests, as compiled tools would behave;
 * shared with toolsmith-mcp-http's tests through this module's test jar.
 */
public final class Fixture {

  static final String ADD_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
          + "\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"],\"additionalProperties\":false}";

  private Fixture() {}

  /**
   * {@code add} (toolset math), {@code greet} (words) and {@code register_more} (admin), which
   * registers {@code more} and answers the wall-clock time just before ({@code greet} prints a line
   * to {@code System.out}, as a first tool would); and {@code send_sms} (messaging), whose check
   * always fails, so it is never served.
   */
  public static ToolRegistry registry() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        ToolEntry.builder("add", "math")
            .description("Adds two whole numbers.")
            .schema(ADD_SCHEMA)
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> {
                      JsonNode node = McpJson.MAPPER.readTree(arguments);
                      List<ArgumentProblem> problems = new ArrayList<>();
                      for (String key : List.of("a", "b")) {
                        if (!node.path(key).isIntegralNumber()) {
                          problems.add(
                              new ArgumentProblem(
                                  "/" + key,
                                  "integer",
                                  node.has(key) ? node.get(key).toString() : "missing"));
                        }
                      }
                      if (!problems.isEmpty()) {
                        throw new InvalidArgumentsException(problems);
                      }
                      return "{\"sum\":" + (node.get("a").asLong() + node.get("b").asLong()) + "}";
                    })
            .build());
    registry.register(
        ToolEntry.builder("greet", "words")
            .description("Greets someone.")
            .schema(
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> {
                      String name = McpJson.MAPPER.readTree(arguments).path("name").asText();
                      // What a first tool does: over stdio this must not reach the protocol.
                      System.out.println("DEBUG greeting " + name);
                      return McpJson.write(java.util.Map.of("greeting", "Hallå, " + name + "!"));
                    })
            .build());
    registry.register(
        ToolEntry.builder("register_more", "admin")
            .description("Registers the tool 'more'.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> {
                      long at = System.currentTimeMillis();
                      registry.register(
                          ToolEntry.builder("more", "admin")
                              .description("Registered later.")
                              .schema("{\"type\":\"object\",\"properties\":{}}")
                              .handler((ToolHandler.Sync) (a, c) -> "{\"more\":true}")
                              .build());
                      return "{\"registered\":\"more\",\"at\":" + at + "}";
                    })
            .build());
    registry.register(
        ToolEntry.builder("send_sms", "messaging")
            .description("Sends a text message.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .requiresEnv(List.of("SMS_API_KEY"))
            .check(() -> false)
            .handler((ToolHandler.Sync) (arguments, context) -> "{\"sent\":true}")
            .build());
    return registry;
  }

  /**
   * Tools with output schemas, titles and hints, registered by hand as a compiled tool's entry
   * would have them: {@code stats} (an object, read-only), {@code evens} (a list: wrapped for MCP)
   * and {@code wipe} (destructive, no output schema).
   */
  public static ToolRegistry structured() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        ToolEntry.builder("stats", "math")
            .description("Counts and averages.")
            .title("Statistics")
            .hints(new ToolHints(true, null, null, false))
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .outputSchema(
                "{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\"},"
                    + "\"mean\":{\"type\":[\"number\",\"null\"]}},"
                    + "\"required\":[\"count\",\"mean\"],\"additionalProperties\":false}")
            .handler((ToolHandler.Sync) (arguments, context) -> "{\"count\":2,\"mean\":1.50}")
            .build());
    registry.register(
        ToolEntry.builder("evens", "math")
            .description("The first even numbers.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .outputSchema("{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}")
            .handler((ToolHandler.Sync) (arguments, context) -> "[2,4,6]")
            .build());
    registry.register(
        ToolEntry.builder("nothing", "math")
            .description("A record tool that returned null.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .outputSchema("{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}")
            .handler((ToolHandler.Sync) (arguments, context) -> "null")
            .build());
    registry.register(
        ToolEntry.builder("squares", "math")
            .description("The first squares, more than its result limit holds.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .outputSchema("{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}")
            .maxResultChars(40)
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) ->
                        IntStream.rangeClosed(1, 100)
                            .mapToObj(i -> String.valueOf(i * i))
                            .collect(Collectors.joining(",", "[", "]")))
            .build());
    registry.register(
        ToolEntry.builder("wipe", "admin")
            .description("Wipes everything.")
            .hints(new ToolHints(false, true, true, null))
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .handler((ToolHandler.Sync) (arguments, context) -> "{\"ok\":true}")
            .build());
    return registry;
  }

  /** A tool {@code name} in {@code toolset} that answers {@code {}}. */
  public static ToolEntry entry(String name, String toolset) {
    return ToolEntry.builder(name, toolset)
        .description("The " + name + " tool.")
        .schema("{\"type\":\"object\",\"properties\":{}}")
        .handler((ToolHandler.Sync) (arguments, context) -> "{}")
        .build();
  }
}
