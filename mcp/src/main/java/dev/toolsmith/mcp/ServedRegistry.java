package dev.toolsmith.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A registry as an MCP server serves it, whatever the transport: every available tool listed with its schema as the {@code inputSchema} and called through {@code dispatch}
 * (an {@code {"error": ...}} result comes back as an {@code isError} result); the served list
 * follows the registry, each change announced with {@code tools/list_changed}.
 */
final class ServedRegistry {

  private static final Logger LOG = System.getLogger(ServedRegistry.class.getName());
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final ToolRegistry registry;
  private final Predicate<ToolEntry> filter;
  private final Duration availabilityInterval;
  private final ScheduledExecutorService watcher;
  private @Nullable McpAsyncServer server; // guarded by this
  private Map<String, ToolEntry> served = Map.of(); // guarded by this
  private Set<String> available = Set.of(); // tool names; guarded by this
  private long availabilityCheckedAt; // guarded by this
  private Map<String, ToolEntry> lastSeen = Map.of(); // guarded by this
  private boolean closed; // guarded by this

  ServedRegistry(ToolRegistry registry, Predicate<ToolEntry> filter,
      Duration availabilityInterval) {
    this.registry = registry;
    this.filter = filter;
    this.availabilityInterval = availabilityInterval;
    this.watcher = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "toolsmith-mcp-server-watch");
      thread.setDaemon(true);
      return thread;
    });
  }

  /**
   * Builds the server from {@code spec} with the tools to serve now, named {@code name} and
   * {@code version} in {@code initialize}, then compares the registry with the served tools every
   * {@code pollInterval}.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // syncQuietly logs failures; close() ends it
  void start(McpServer.AsyncSpecification<?> spec, String name, String version,
      Duration pollInterval) {
    // The first tools go in with the server, so no client sees list_changed before initializing.
    List<McpServerFeatures.AsyncToolSpecification> initial = new ArrayList<>();
    synchronized (this) {
      Map<String, ToolEntry> next = new HashMap<>();
      wanted().forEach((tool, entry) -> {
        try {
          initial.add(specification(entry));
          next.put(tool, entry);
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, () -> "Tool '" + tool + "' cannot be served over MCP", e);
        }
      });
      served = next;
    }
    McpAsyncServer started = spec
        .serverInfo(name, version)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        .jsonMapper(McpJson.SERVING)
        // The registry's own readers validate, and report every problem in the result.
        .validateToolInputs(false)
        .strictToolNameValidation(false)
        .tools(initial)
        .build();
    synchronized (this) {
      server = started;
    }
    long interval = pollInterval.toMillis();
    watcher.scheduleWithFixedDelay(this::syncQuietly, interval, interval, TimeUnit.MILLISECONDS);
  }

  private void syncQuietly() {
    try {
      sync();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Serving the registry's changed tools failed", e);
    }
  }

  /** Removes tools no longer wanted and adds new and replaced ones, each change announced. */
  synchronized void sync() {
    if (closed || server == null) {
      return;
    }
    Map<String, ToolEntry> wanted = wanted();
    for (String name : served.keySet()) {
      if (!wanted.containsKey(name)) {
        server.removeTool(name).onErrorResume(e -> Mono.empty()).block();
      }
    }
    Map<String, ToolEntry> next = new HashMap<>(served);
    next.keySet().retainAll(wanted.keySet());
    for (Map.Entry<String, ToolEntry> entry : wanted.entrySet()) {
      if (served.get(entry.getKey()) != entry.getValue()) {
        try {
          server.addTool(specification(entry.getValue())).block();
          next.put(entry.getKey(), entry.getValue());
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING,
              () -> "Tool '" + entry.getKey() + "' cannot be served over MCP", e);
        }
      }
    }
    served = next;
  }

  /**
   * The tools to serve now: those passing the filter that are available; checks run again when the
   * tools changed, else at most once per availability interval. Holds this.
   */
  private Map<String, ToolEntry> wanted() {
    Map<String, ToolEntry> current = new LinkedHashMap<>();
    for (String name : registry.toolNames()) {
      registry.entry(name).filter(filter).ifPresent(entry -> current.put(name, entry));
    }
    long now = System.nanoTime();
    boolean toolsChanged = !sameEntries(current);
    if (toolsChanged || availabilityCheckedAt == 0
        || now - availabilityCheckedAt >= availabilityInterval.toNanos()) {
      available = new HashSet<>(registry.availability().availableTools());
      availabilityCheckedAt = now;
    }
    Map<String, ToolEntry> wanted = new LinkedHashMap<>();
    current.forEach((name, entry) -> {
      if (available.contains(name)) {
        wanted.put(name, entry);
      }
    });
    return wanted;
  }

  private boolean sameEntries(Map<String, ToolEntry> current) {
    Map<String, ToolEntry> seen = lastSeen;
    lastSeen = current;
    if (seen.size() != current.size()) {
      return false;
    }
    for (Map.Entry<String, ToolEntry> entry : current.entrySet()) {
      if (seen.get(entry.getKey()) != entry.getValue()) {
        return false;
      }
    }
    return true;
  }

  private McpServerFeatures.AsyncToolSpecification specification(ToolEntry entry) {
    Map<String, Object> schema;
    try {
      schema = McpJson.MAPPER.readValue(entry.schema(), MAP);
    } catch (IOException e) { // the registry checked it is one JSON object
      throw new IllegalStateException("schema of " + entry.name() + " is not JSON", e);
    }
    schema.remove("$schema");
    McpSchema.Tool tool = McpSchema.Tool.builder(entry.name(), schema)
        .description(entry.description())
        .build();
    String name = entry.name();
    return McpServerFeatures.AsyncToolSpecification.builder()
        .tool(tool)
        .callHandler((exchange, request) ->
            Mono.fromCallable(() -> call(name, request.arguments()))
                .subscribeOn(Schedulers.boundedElastic()))
        .build();
  }

  /** Dispatches one call; the registry never throws, so every outcome is a result. */
  private McpSchema.CallToolResult call(String name, @Nullable Map<String, Object> arguments) {
    // Raw arguments go to the registry's reader as the client wrote them (duplicate keys too).
    String json =
        arguments instanceof RawArguments raw
            ? raw.json()
            : McpJson.write(arguments == null ? Map.of() : arguments);
    String result = registry.dispatch(name, json);
    return McpSchema.CallToolResult.builder()
        .addTextContent(result)
        .isError(isError(result))
        .build();
  }

  /** Whether {@code result} is the registry's error shape, a JSON object with an "error" member. */
  static boolean isError(String result) {
    if (!result.startsWith("{")) {
      return false;
    }
    try {
      JsonNode node = McpJson.MAPPER.readTree(result);
      return node != null && node.isObject() && node.has("error");
    } catch (IOException e) {
      return false;
    }
  }

  /** The tool names served now, sorted. */
  synchronized List<String> servedTools() {
    return served.keySet().stream().sorted().toList();
  }

  /** Stops following the registry and closes the server, letting it finish what it sends. */
  void close() {
    McpAsyncServer current;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      current = server;
    }
    watcher.shutdownNow();
    if (current != null) {
      try {
        current.closeGracefully().block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        current.close();
      }
    }
  }
}
