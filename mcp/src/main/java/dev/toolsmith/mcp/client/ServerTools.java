package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.spi.ToolSink;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.schema.definition.ToolHints;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;

/**
 * One server's tools as the registry holds them: each listing filtered, named, checked for names
 * that collide, and turned into registrations and deregistrations of what changed only.
 */
final class ServerTools {

  private static final Logger LOG = System.getLogger(ServerTools.class.getName());

  private final McpServerConfig config;
  private final ToolSink sink;
  private final String toolset;
  private final Caller caller;
  private final BooleanSupplier connected;
  private Map<String, ToolEntry> registered = Map.of(); // registry name -> entry
  private final List<String> collisions = new ArrayList<>();

  /**
   * @param caller calls a raw tool name with the arguments JSON and the call's context
   * @param connected the toolset's check
   */
  ServerTools(McpServerConfig config, ToolSink sink, Caller caller, BooleanSupplier connected) {
    this.config = config;
    this.sink = sink;
    this.toolset = ToolNames.toolset(config.name());
    this.caller = caller;
    this.connected = connected;
  }

  /** Registers new and changed tools, deregisters removed ones; the lists arrive one at a time. */
  synchronized void apply(List<McpSchema.Tool> tools) {
    Map<String, List<McpSchema.Tool>> byName = new TreeMap<>();
    for (McpSchema.Tool tool : tools) {
      if (tool != null && tool.name() != null && config.accepts(tool.name())) {
        byName
            .computeIfAbsent(ToolNames.of(config.name(), tool.name()), n -> new ArrayList<>())
            .add(tool);
      }
    }
    collisions.clear();
    Map<String, ToolEntry> next = new LinkedHashMap<>();
    List<ToolEntry> changed = new ArrayList<>();
    for (Map.Entry<String, List<McpSchema.Tool>> named : byName.entrySet()) {
      String name = named.getKey();
      if (named.getValue().size() > 1) {
        List<String> raw = new ArrayList<>();
        named.getValue().forEach(tool -> raw.add("'" + tool.name() + "'"));
        String problem =
            "tools "
                + String.join(" and ", raw)
                + " of MCP server '"
                + config.name()
                + "' both become '"
                + name
                + "'; neither is registered";
        collisions.add(problem);
        LOG.log(Level.WARNING, problem);
        continue;
      }
      McpSchema.Tool tool = named.getValue().get(0);
      ToolEntry entry = entry(name, tool);
      ToolEntry old = registered.get(name);
      if (old != null && old.definition().equals(entry.definition())) {
        next.put(name, old); // unchanged: keep the registered entry, no churn for readers
      } else {
        next.put(name, entry);
        changed.add(entry);
      }
    }
    for (String name : registered.keySet()) {
      if (!next.containsKey(name)) {
        sink.remove(config.name(), name);
      }
    }
    if (!changed.isEmpty() || registered.isEmpty()) {
      sink.register(config.name(), changed);
    }
    registered = next;
  }

  private ToolEntry entry(String name, McpSchema.Tool tool) {
    String raw = tool.name();
    String description =
        tool.description() != null ? tool.description() : tool.title() != null ? tool.title() : "";
    McpSchema.ToolAnnotations annotations = tool.annotations();
    String title =
        tool.title() != null
            ? tool.title()
            : annotations != null && annotations.title() != null ? annotations.title() : "";
    return ToolEntry.builder(name, toolset)
        .schema(Schemas.normalize(tool.inputSchema()))
        .description(description)
        .title(title)
        .hints(
            annotations == null
                ? ToolHints.NONE
                : new ToolHints(
                    annotations.readOnlyHint(),
                    annotations.destructiveHint(),
                    annotations.idempotentHint(),
                    annotations.openWorldHint()))
        .outputSchema(tool.outputSchema() == null ? null : Schemas.callResult(tool.outputSchema()))
        .handler((ToolHandler.Async) (arguments, context) -> caller.call(raw, arguments, context))
        .check(connected)
        .build();
  }

  /** The registry names of the registered tools, sorted. */
  synchronized List<String> names() {
    List<String> names = new ArrayList<>(registered.keySet());
    names.sort(null);
    return List.copyOf(names);
  }

  /** The name collisions of the last listing. */
  synchronized List<String> collisions() {
    return List.copyOf(collisions);
  }

  /** Calls one of the server's tools. */
  @FunctionalInterface
  interface Caller {
    CompletionStage<String> call(String raw, String argumentsJson, ToolContext context);
  }
}
