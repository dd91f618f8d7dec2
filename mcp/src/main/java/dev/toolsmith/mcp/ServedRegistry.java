package dev.toolsmith.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.DefinitionFormat;
import dev.toolsmith.runtime.RegistryChange;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A registry as an MCP server serves it, whatever the transport: every available tool listed as the
 * registry lists it in the MCP shape (schema overrides merged) and called through {@code dispatch}
 * (an {@code {"error": ...}} result comes back as an {@code isError} result). The served list
 * follows the registry's change events, each change announced with {@code tools/list_changed}:
 * nothing polls. Availability is checked again at each change, and when a call comes after the
 * availability interval.
 */
final class ServedRegistry {

  private static final Logger LOG = System.getLogger(ServedRegistry.class.getName());

  private final ToolRegistry registry;
  private final Predicate<ToolEntry> filter;
  private final long availabilityIntervalNanos;

  /** Runs syncs off the registry's writing thread; idle until a change arrives. */
  private final ExecutorService syncer;

  private final AtomicBoolean syncPending = new AtomicBoolean();
  private final Consumer<RegistryChange> onChange = this::changed;
  private @Nullable McpAsyncServer server; // guarded by this
  private Map<String, ServedTool> served = Map.of(); // guarded by this
  private volatile long availabilityCheckedAt;
  private boolean closed; // guarded by this

  ServedRegistry(
      ToolRegistry registry, Predicate<ToolEntry> filter, Duration availabilityInterval) {
    this.registry = registry;
    this.filter = filter;
    this.availabilityIntervalNanos = availabilityInterval.toNanos();
    this.syncer =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "toolsmith-mcp-server-sync");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Builds the server from {@code spec} with the tools to serve now, named {@code name} and {@code
   * version} in {@code initialize}, then follows the registry's changes.
   */
  void start(McpServer.AsyncSpecification<?> spec, String name, String version) {
    // The first tools go in with the server, so no client sees list_changed before initializing.
    List<McpServerFeatures.AsyncToolSpecification> initial = new ArrayList<>();
    synchronized (this) {
      served = wanted();
      served.values().forEach(tool -> initial.add(specification(tool)));
    }
    McpAsyncServer started =
        spec.serverInfo(name, version)
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
    registry.addListener(onChange);
    requestSync(); // a change between the first listing and the listener is not lost
  }

  /** A registry change: the served list follows when a listing may offer other tools. */
  private void changed(RegistryChange change) {
    if (change.listChanged()) {
      requestSync();
    }
  }

  /** Syncs on the syncer thread soon; requests that arrive meanwhile make one more sync. */
  private void requestSync() {
    if (syncPending.compareAndSet(false, true)) {
      try {
        syncer.execute(
            () -> {
              syncPending.set(false);
              try {
                sync();
              } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Serving the registry's changed tools failed", e);
              }
            });
      } catch (RejectedExecutionException closing) {
        syncPending.set(false);
      }
    }
  }

  /**
   * Removes tools no longer wanted and adds new ones and those whose definition changed, each
   * change announced. A tool replaced in the registry with the same definition stays: calls go
   * through {@code dispatch} by name, so they reach the new entry.
   */
  synchronized void sync() {
    if (closed || server == null) {
      return;
    }
    Map<String, ServedTool> wanted = wanted();
    for (String name : served.keySet()) {
      if (!wanted.containsKey(name)) {
        server.removeTool(name).onErrorResume(e -> Mono.empty()).block();
      }
    }
    for (ServedTool tool : wanted.values()) {
      if (!tool.equals(served.get(tool.tool().name()))) {
        server.addTool(specification(tool)).block();
      }
    }
    served = wanted;
  }

  /**
   * The tools to serve now, as the registry lists them in the MCP shape: those passing the filter
   * that are available, each with its schema overrides merged. Holds this.
   */
  private Map<String, ServedTool> wanted() {
    List<String> names = new ArrayList<>();
    for (String name : registry.toolNames()) {
      registry.entry(name).filter(filter).ifPresent(entry -> names.add(name));
    }
    String listed = registry.definitions(names, DefinitionFormat.MCP);
    availabilityCheckedAt = System.nanoTime();
    Map<String, ServedTool> wanted = new LinkedHashMap<>();
    try {
      for (JsonNode definition : McpJson.MAPPER.readTree(listed)) {
        String name = definition.get("name").asText();
        wanted.put(name, ServedTool.of(definition, registry.entry(name)));
      }
    } catch (IOException e) { // the registry writes JSON
      throw new IllegalStateException("the registry's MCP definitions are not JSON", e);
    }
    return wanted;
  }

  private McpServerFeatures.AsyncToolSpecification specification(ServedTool tool) {
    return McpServerFeatures.AsyncToolSpecification.builder()
        .tool(tool.tool())
        .callHandler(
            (exchange, request) ->
                Mono.fromCallable(() -> call(tool, request.arguments()))
                    .subscribeOn(Schedulers.boundedElastic()))
        .build();
  }

  /**
   * Dispatches one call; the registry never throws, so every outcome is a result. A call after the
   * availability interval has the served list checked again: availability changes with time, and
   * calls are when clients care.
   */
  private McpSchema.CallToolResult call(ServedTool tool, @Nullable Map<String, Object> arguments) {
    if (System.nanoTime() - availabilityCheckedAt >= availabilityIntervalNanos) {
      requestSync();
    }
    // Raw arguments go to the registry's reader as the client wrote them (duplicate keys too).
    String json =
        arguments instanceof RawArguments raw
            ? raw.json()
            : McpJson.write(arguments == null ? Map.of() : arguments);
    return tool.result(registry.dispatch(tool.tool().name(), json));
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
    registry.removeListener(onChange);
    syncer.shutdownNow();
    if (current != null) {
      try {
        current.closeGracefully().block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        current.close();
      }
    }
  }
}
