package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.RegistryChange;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.ServerChange;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A registry as an MCP server serves it, whatever the transport and era: every available tool
 * listed as the registry offers it ({@link ToolRegistry#offered}) in the MCP shape (schema
 * overrides merged) and called through {@link ToolRegistry#call} (a call whose outcome is an error
 * comes back as an {@code isError} result, a name nobody serves as the JSON-RPC error for an
 * unknown tool, with the registry's message). The served list follows the registry's change events,
 * each change announced to legacy sessions with {@code tools/list_changed} and to modern {@code
 * subscriptions/listen} streams: nothing polls. Availability is checked again at each change, and
 * when a call comes after the availability interval.
 */
final class ServedRegistry {

  private static final Logger LOG = System.getLogger(ServedRegistry.class.getName());

  /** Every toolset: the filter selects what is served. */
  private static final List<String> ALL = List.of("all");

  private final ToolRegistry registry;
  private final Predicate<ToolEntry> filter;
  private final long availabilityIntervalNanos;
  private final int pageSize;
  private final ServedCalls calls;

  /** Runs syncs off the registry's writing thread; idle until a change arrives. */
  private final ExecutorService syncer;

  private final AtomicBoolean syncPending = new AtomicBoolean();
  private final Consumer<RegistryChange> onChange = this::changed;

  /**
   * The names the legacy SDK server holds now; the mapper sends calls of others to the registry.
   */
  private final Set<String> sdkTools = ConcurrentHashMap.newKeySet();

  private final ServingJson json = new ServingJson(sdkTools::contains);

  /** Where modern {@code subscriptions/listen} streams hear that the list changed. */
  private final McpChangeFeed changes = new McpChangeFeed();

  private @Nullable SdkServer server; // guarded by this
  private Map<String, ServedTool> served = Map.of(); // guarded by this

  /** The served tools by name, for listings and calls; replaced whole at each sync. */
  private volatile NavigableMap<String, ServedTool> listing = new TreeMap<>();

  private volatile long availabilityCheckedAt;
  private boolean closed; // guarded by this
  private boolean following; // guarded by this

  /** Tool search, when on: what a session is listed, and the search tool's answers. */
  private final @Nullable ServedToolSearch toolSearch;

  /** Whether the legacy server has no sessions to reveal found tools to; set at start. */
  private volatile boolean stateless;

  ServedRegistry(
      ToolRegistry registry,
      Predicate<ToolEntry> filter,
      Duration availabilityInterval,
      int pageSize,
      boolean oneSession,
      Map<String, Object> callAttributes,
      @Nullable ServedToolSearch toolSearch) {
    this.registry = registry;
    this.filter = filter;
    this.availabilityIntervalNanos = availabilityInterval.toNanos();
    this.pageSize = pageSize;
    this.toolSearch = toolSearch;
    this.calls = new ServedCalls(oneSession, callAttributes);
    this.syncer =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "toolsmith-mcp-server-sync");
              thread.setDaemon(true);
              return thread;
            });
    synchronized (this) {
      // Listings are ready before any transport reads: no client is ever listed an empty list.
      served = wanted();
      listing = new TreeMap<>(served);
    }
  }

  /** The JSON mapper every transport of this server reads and writes with. */
  ServingJson json() {
    return json;
  }

  /** Where modern listeners hear of list changes. */
  McpChangeFeed changes() {
    return changes;
  }

  int pageSize() {
    return pageSize;
  }

  /**
   * Builds the legacy server with {@code factory} and the tools served now, named {@code name} and
   * {@code version} in {@code initialize}.
   */
  void startLegacy(SdkServer.Factory factory, String name, String version) {
    stateless = factory.stateless();
    List<McpSchema.Tool> initial;
    synchronized (this) {
      // The first tools go in with the server, so no client sees list_changed before initializing.
      initial = new ArrayList<>(served.values().stream().map(ServedTool::tool).toList());
      if (toolSearch != null) {
        initial.add(ServedToolSearch.tool().tool());
      }
      initial.forEach(tool -> sdkTools.add(tool.name()));
    }
    SdkServer started =
        factory.start(
            McpSchema.Implementation.builder(name, version).build(),
            json,
            initial,
            (exchange, request) ->
                calls
                    .legacy(exchange, request, context -> legacyCall(exchange, request, context))
                    .flatMap(
                        answer ->
                            answer.unknownTool()
                                ? Mono.error(answer.unknownLegacy())
                                : Mono.just(answer.legacy())));
    synchronized (this) {
      server = started;
    }
  }

  /** Follows the registry's changes from now on. */
  void follow() {
    synchronized (this) {
      if (following || closed) {
        return;
      }
      following = true;
    }
    registry.addListener(onChange);
    requestSync(); // a change between the first listing and the listener is not lost
  }

  private CallAnswer legacyCall(
      @Nullable McpAsyncServerExchange exchange,
      McpSchema.CallToolRequest request,
      ToolContext context) {
    String name = request.name();
    if (ServingJson.UNSERVED_TOOL.equals(name) && request.meta() != null) {
      name = String.valueOf(request.meta().get(ServingJson.TOOL_NAME));
    }
    if (toolSearch != null && ServedToolSearch.TOOL_NAME.equals(name)) {
      return search(
          toolSearch, session(exchange == null ? null : exchange.sessionId()), request.arguments());
    }
    return call(name, request.arguments(), context);
  }

  /**
   * A modern call of {@code name}: the search (which reveals nothing: a modern listing never
   * changes as a side effect), a served tool, or the registry's answer.
   */
  CallAnswer modernCall(String name, @Nullable Map<String, Object> arguments, ToolContext context) {
    if (toolSearch != null && ServedToolSearch.TOOL_NAME.equals(name)) {
      return search(toolSearch, null, arguments);
    }
    return call(name, arguments, context);
  }

  /**
   * Answers a call of the search tool with the tools found in full; in a legacy {@code session}
   * (null for none), reveals them to it and, when its listing changed, announces that with {@code
   * tools/list_changed}.
   */
  private CallAnswer search(
      ServedToolSearch search,
      @Nullable ToolSession session,
      @Nullable Map<String, Object> arguments) {
    ServedToolSearch.Request asked = ServedToolSearch.Request.of(arguments);
    if (asked.query() == null) {
      return new CallAnswer(McpJson.error(String.valueOf(asked.problem())), null, true);
    }
    List<ServedTool> found =
        ServedToolSearch.search(registry, asked.query(), asked.limit(), listing);
    SdkServer current;
    synchronized (this) {
      current = server;
    }
    if (session != null
        && current != null
        && search.reveal(session, found.stream().map(ServedTool::name).toList())) {
      current.toolsChanged();
    }
    return new CallAnswer(ServedToolSearch.resultText(found), null, false);
  }

  /** A legacy session's state (found tools, guards): one for stdio, none without sessions. */
  private @Nullable ToolSession session(@Nullable String sessionId) {
    return stateless ? null : calls.session(sessionId);
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
    if (closed) {
      return;
    }
    Map<String, ServedTool> wanted = wanted();
    Map<String, ServedTool> before = served;
    // Listings first: a client that lists as soon as it hears of a change must see the new tools.
    served = wanted;
    listing = new TreeMap<>(wanted);
    if (wanted.equals(before)) {
      return;
    }
    if (server != null) {
      for (String name : before.keySet()) {
        if (!wanted.containsKey(name)) {
          sdkTools.remove(name);
          server.remove(name);
        }
      }
      for (ServedTool tool : wanted.values()) {
        if (!tool.equals(before.get(tool.name()))) {
          server.add(tool.tool());
          sdkTools.add(tool.name());
        }
      }
    }
    changes.broadcast(new ServerChange.ToolsListChanged());
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
   * Calls one tool; the registry never throws, so every outcome is an answer. A call after the
   * availability interval has the served list checked again: availability changes with time, and
   * calls are when clients care. A name the server does not serve (unregistered, or left out by the
   * filter) never reaches the registry's tools.
   */
  private CallAnswer call(
      String name, @Nullable Map<String, Object> arguments, ToolContext context) {
    if (System.nanoTime() - availabilityCheckedAt >= availabilityIntervalNanos) {
      requestSync();
    }
    if (!listing.containsKey(name) && registry.entry(name).filter(filter).isEmpty()) {
      return CallAnswer.unknown(ToolCallResult.unknownTool(name));
    }
    // Raw arguments go to the registry's reader as the client wrote them (duplicate keys too).
    String text =
        arguments instanceof RawArguments raw
            ? raw.json()
            : McpJson.write(arguments == null ? Map.of() : arguments);
    ToolCallResult result = registry.call(name, text, context);
    if (result.outcome() == ToolCallResult.Outcome.UNKNOWN_TOOL) {
      return CallAnswer.unknown(result);
    }
    ServedTool tool = listing.get(name);
    // Unavailable now, or no longer served: the registry's answer as text.
    return tool != null
        ? tool.answer(result)
        : new CallAnswer(result.text(), null, result.isError());
  }

  /**
   * What a legacy listing in {@code sessionId} holds: every served tool, or with tool search the
   * always-loaded ones, the search and those the session found.
   */
  NavigableMap<String, ServedTool> listing(@Nullable String sessionId) {
    NavigableMap<String, ServedTool> now = listing;
    return toolSearch == null ? now : toolSearch.listing(session(sessionId), now);
  }

  /**
   * What a modern listing holds, the same for every request: every served tool, or with tool search
   * the always-loaded ones and the search.
   */
  NavigableMap<String, ServedTool> modernListing() {
    NavigableMap<String, ServedTool> now = listing;
    return toolSearch == null ? now : toolSearch.listing(null, now);
  }

  /** The tool names served now, sorted. */
  synchronized List<String> servedTools() {
    return served.keySet().stream().sorted().toList();
  }

  /**
   * Handles, before the legacy SDK's server, what it cannot: a {@code tools/list} is answered with
   * one page, a {@code notifications/cancelled} cancels the call it names. Returns the answer to
   * send instead of passing the message on, or null to pass it on.
   *
   * @param sessionId the MCP session the message came in, null over stdio or without sessions
   */
  @Nullable String answerLegacy(@Nullable String sessionId, JsonNode message) {
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

  /** The calls running, for the modern server's handler. */
  ServedCalls calls() {
    return calls;
  }

  /** Stops following the registry and closes the legacy server, letting it finish what it sends. */
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
