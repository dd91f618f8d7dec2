package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.RegistryChange;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.definition.DefinitionFormat;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A registry as an MCP server serves it, whatever the transport: every available tool listed as the
 * registry offers it ({@link ToolRegistry#offered}) in the MCP shape (schema overrides merged) and
 * called through {@link ToolRegistry#call} (a call whose outcome is an error comes back as an
 * {@code isError} result). The served list follows the registry's change events, each change
 * announced with {@code tools/list_changed}: nothing polls. Availability is checked again at each
 * change, and when a call comes after the availability interval.
 */
final class ServedRegistry {

  private static final Logger LOG = System.getLogger(ServedRegistry.class.getName());

  /** Every toolset: the filter selects what is served. */
  private static final List<String> ALL = List.of("all");

  private final ToolRegistry registry;
  private final Predicate<ToolEntry> filter;
  private final long availabilityIntervalNanos;

  /** Runs syncs off the registry's writing thread; idle until a change arrives. */
  private final ExecutorService syncer;

  private final AtomicBoolean syncPending = new AtomicBoolean();
  private final Consumer<RegistryChange> onChange = this::changed;
  private final int pageSize;
  private final ServedCalls calls;
  private @Nullable SdkServer server; // guarded by this
  private Map<String, ServedTool> served = Map.of(); // guarded by this

  /** The served tools by name, for {@code tools/list} pages; replaced whole at each sync. */
  private volatile NavigableMap<String, McpSchema.Tool> listing = new TreeMap<>();

  /** The served tools by name, for calls (their result shape); replaced whole at each sync. */
  private volatile Map<String, ServedTool> callable = Map.of();

  private volatile long availabilityCheckedAt;
  private boolean closed; // guarded by this

  /** Tool search, when on: what a session is listed, and the search tool's answers. */
  private @Nullable ServedToolSearch toolSearch;

  /** Whether the server has no sessions to reveal found tools to; set at start. */
  private volatile boolean stateless;

  private final boolean oneSession;

  ServedRegistry(
      ToolRegistry registry,
      Predicate<ToolEntry> filter,
      Duration availabilityInterval,
      int pageSize,
      boolean oneSession,
      Map<String, Object> callAttributes) {
    this.registry = registry;
    this.filter = filter;
    this.availabilityIntervalNanos = availabilityInterval.toNanos();
    this.pageSize = pageSize;
    this.oneSession = oneSession;
    this.calls = new ServedCalls(oneSession, callAttributes);
    this.syncer =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "toolsmith-mcp-server-sync");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Builds the server with {@code factory} and the tools to serve now, named {@code name} and
   * {@code version} in {@code initialize}, then follows the registry's changes.
   */
  void start(SdkServer.Factory factory, String name, String version) {
    stateless = factory.stateless();
    // The first tools go in with the server, so no client sees list_changed before initializing.
    List<McpSchema.Tool> initial;
    synchronized (this) {
      served = wanted();
      publish(served);
      initial = new ArrayList<>(served.values().stream().map(ServedTool::tool).toList());
      if (toolSearch != null) {
        initial.add(ServedToolSearch.tool());
      }
    }
    ServedToolSearch search = toolSearch;
    SdkServer started =
        factory.start(
            McpSchema.Implementation.builder(name, version).build(),
            initial,
            (exchange, request) ->
                calls.run(
                    exchange,
                    request,
                    context ->
                        search != null && ServedToolSearch.TOOL_NAME.equals(request.name())
                            ? search(search, exchange, request)
                            : call(request, context)));
    synchronized (this) {
      server = started;
    }
    registry.addListener(onChange);
    requestSync(); // a change between the first listing and the listener is not lost
  }

  /**
   * Serves with tool search (before {@link #start}): listings hold the always-loaded tools and the
   * search tool, and a search reveals what it found to its session.
   */
  synchronized void searchWith(ServedToolSearch search) {
    this.toolSearch = search;
  }

  /**
   * Answers a call of the search tool with the tools found in full; in a session, reveals them to
   * it and, when its listing changed, announces that with {@code tools/list_changed}.
   */
  private McpSchema.CallToolResult search(
      ServedToolSearch search,
      @Nullable McpAsyncServerExchange exchange,
      McpSchema.CallToolRequest request) {
    ServedToolSearch.Request asked = ServedToolSearch.Request.of(request.arguments());
    if (asked.query() == null) {
      return McpSchema.CallToolResult.builder()
          .addTextContent(McpJson.error(String.valueOf(asked.problem())))
          .isError(true)
          .build();
    }
    List<McpSchema.Tool> found =
        ServedToolSearch.search(registry, asked.query(), asked.limit(), listing);
    String session = session(exchange == null ? null : exchange.sessionId());
    SdkServer current;
    synchronized (this) {
      current = server;
    }
    if (session != null
        && current != null
        && search.reveal(session, found.stream().map(McpSchema.Tool::name).toList())) {
      current.toolsChanged();
    }
    return McpSchema.CallToolResult.builder()
        .addTextContent(ServedToolSearch.resultText(found))
        .isError(false)
        .build();
  }

  /** The key of a session's found tools: one for stdio, none without sessions. */
  private @Nullable String session(@Nullable String sessionId) {
    if (stateless) {
      return null;
    }
    return oneSession ? "" : sessionId;
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
    Map<String, ServedTool> before = served;
    // Pages first: a client that lists as soon as it hears list_changed must see the new tools.
    served = wanted;
    publish(wanted);
    for (String name : before.keySet()) {
      if (!wanted.containsKey(name)) {
        server.remove(name);
      }
    }
    for (ServedTool tool : wanted.values()) {
      if (!tool.equals(before.get(tool.tool().name()))) {
        server.add(tool.tool());
      }
    }
  }

  /** Makes {@code tools} what pages list and calls find. */
  private void publish(Map<String, ServedTool> tools) {
    NavigableMap<String, McpSchema.Tool> pages = new TreeMap<>();
    tools.forEach((name, tool) -> pages.put(name, tool.tool()));
    listing = pages;
    callable = Map.copyOf(tools);
  }

  /**
   * The tools to serve now, as the registry lists them in the MCP shape: those passing the filter
   * that are available, each with its schema overrides merged. Holds this.
   */
  private Map<String, ServedTool> wanted() {
    String listed = registry.offered(ALL).filter(filter).definitions(DefinitionFormat.MCP);
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
    if (toolSearch != null && wanted.remove(ServedToolSearch.TOOL_NAME) != null) {
      LOG.log(
          Level.WARNING,
          "Not serving the registry's tool " + ServedToolSearch.TOOL_NAME + ": tool search is on");
    }
    return wanted;
  }

  /**
   * Dispatches one call; the registry never throws, so every outcome is a result. A call after the
   * availability interval has the served list checked again: availability changes with time, and
   * calls are when clients care.
   */
  private McpSchema.CallToolResult call(McpSchema.CallToolRequest request, ToolContext context) {
    String name = request.name();
    Map<String, Object> arguments = request.arguments();
    if (System.nanoTime() - availabilityCheckedAt >= availabilityIntervalNanos) {
      requestSync();
    }
    // Raw arguments go to the registry's reader as the client wrote them (duplicate keys too).
    String json =
        arguments instanceof RawArguments raw
            ? raw.json()
            : McpJson.write(arguments == null ? Map.of() : arguments);
    ToolCallResult result = registry.call(name, json, context);
    ServedTool tool = callable.get(name);
    if (tool != null) {
      return tool.result(result);
    }
    // No longer served (removed since the client listed it): the registry's answer as text.
    return McpSchema.CallToolResult.builder()
        .addTextContent(result.text())
        .isError(result.isError())
        .build();
  }

  /** What a {@code tools/list} in {@code sessionId} lists: everything, or with tool search less. */
  private NavigableMap<String, McpSchema.Tool> listing(@Nullable String sessionId) {
    ServedToolSearch search;
    synchronized (this) {
      search = toolSearch;
    }
    return search == null ? listing : search.listing(session(sessionId), listing);
  }

  /** The tool names served now, sorted. */
  synchronized List<String> servedTools() {
    return served.keySet().stream().sorted().toList();
  }

  /**
   * Handles, before the SDK's server, what it cannot: a {@code tools/list} is answered with one
   * page, a {@code notifications/cancelled} cancels the call it names. Returns the answer to send
   * instead of passing the message on, or null to pass it on.
   *
   * @param sessionId the MCP session the message came in, null over stdio or without sessions
   */
  @Nullable String answer(@Nullable String sessionId, JsonNode message) {
    JsonNode id = message.get("id");
    return switch (message.path("method").asText("")) {
      case "tools/list" ->
          id == null || !(id.isTextual() || id.isIntegralNumber())
              ? null
              : ToolPages.answer(
                  id, message.path("params").get("cursor"), listing(sessionId), pageSize);
      case "notifications/cancelled" -> {
        calls.cancel(sessionId, message.path("params").get("requestId"));
        yield null; // the SDK takes it as a notification it has no handler for
      }
      default -> null;
    };
  }

  /** Stops following the registry and closes the server, letting it finish what it sends. */
  void close() {
    SdkServer current;
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
      current.close();
    }
  }
}
