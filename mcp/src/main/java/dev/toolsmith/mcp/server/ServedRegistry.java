package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.RegistryChange;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.definition.ToolDefinition;
import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.ServerChange;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A registry as an MCP server serves it, whatever the transport and era: every available tool the
 * registry offers ({@link ToolRegistry#offered}), built from its definition as listed (schema
 * overrides merged), listed the same to every client (with tool search: the always-loaded tools and
 * the search's own), and called through {@link CallRouting}. The served list follows the registry's
 * change events, each change announced to legacy sessions with {@code tools/list_changed} and to
 * modern {@code subscriptions/listen} streams: nothing polls. Availability is checked again at each
 * change, and when a call comes after the availability interval.
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
  private final CallRouting routing;

  /** Runs syncs off the registry's writing thread; idle until a change arrives. */
  private final CoalescingRunner syncer =
      new CoalescingRunner("toolsmith-mcp-server-sync", this::sync);

  private final Consumer<RegistryChange> onChange = this::changed;

  private final LegacyServer legacy = new LegacyServer();

  /** Where modern {@code subscriptions/listen} streams hear that the list changed. */
  private final McpChangeFeed changes = new McpChangeFeed();

  private Map<String, ServedTool> served = Map.of(); // guarded by this

  /** The served tools by name, for calls and searches; replaced whole at each sync. */
  private volatile NavigableMap<String, ServedTool> tools = new TreeMap<>();

  /** What every {@code tools/list} holds, in both eras; replaced whole at each sync. */
  private volatile NavigableMap<String, ServedTool> listing = new TreeMap<>();

  private volatile long availabilityCheckedAt;
  private boolean closed; // guarded by this
  private boolean following; // guarded by this

  /** Tool search, when on: what is listed, and the search's own tools. */
  private final @Nullable ServedToolSearch toolSearch;

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
    this.routing =
        new CallRouting(registry, filter, () -> tools, this::checkAvailability, toolSearch);
    synchronized (this) {
      // Listings are ready before any transport reads: no client is ever listed an empty list.
      served = wanted();
      publish(served);
    }
  }

  /** The JSON mapper every transport of this server reads and writes with. */
  ServingJson json() {
    return legacy.json();
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
    List<ServedTool> held;
    synchronized (this) {
      held = new ArrayList<>(served.values());
    }
    if (toolSearch != null) {
      held.addAll(ServedToolSearch.ownTools());
    }
    legacy.start(
        factory,
        McpSchema.Implementation.builder(name, version).build(),
        held,
        tool -> listing.containsKey(tool),
        (exchange, request) ->
            calls
                .legacy(exchange, request, context -> legacyCall(request, context))
                .flatMap(LegacyServer::answer));
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

  private CallAnswer legacyCall(McpSchema.CallToolRequest request, ToolContext context) {
    String name = request.name();
    if (ServingJson.UNSERVED_TOOL.equals(name) && request.meta() != null) {
      name = String.valueOf(request.meta().get(ServingJson.TOOL_NAME));
    }
    return routing.call(name, request.arguments(), context);
  }

  /** A modern call of {@code name}, routed as a legacy one is. */
  CallAnswer modernCall(String name, @Nullable Map<String, Object> arguments, ToolContext context) {
    return routing.call(name, arguments, context);
  }

  /** A registry change: the served list follows when a listing may offer other tools. */
  private void changed(RegistryChange change) {
    if (change.listChanged()) {
      requestSync();
    }
  }

  /** Syncs on the syncer thread soon; requests that arrive meanwhile make one more sync. */
  private void requestSync() {
    syncer.request();
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
    publish(wanted);
    if (wanted.equals(before)) {
      return;
    }
    legacy.update(before, wanted);
    changes.broadcast(new ServerChange.ToolsListChanged());
  }

  /** Makes {@code wanted} what calls reach and listings show, listings last. Holds this. */
  private void publish(Map<String, ServedTool> wanted) {
    tools = new TreeMap<>(wanted);
    listing = toolSearch == null ? tools : toolSearch.listing(wanted);
  }

  /**
   * The tools to serve now, built from the definitions the registry lists: those passing the filter
   * that are available, each with its schema overrides merged. Holds this.
   */
  private Map<String, ServedTool> wanted() {
    List<ToolDefinition> definitions = registry.offered(ALL).filter(filter).listedDefinitions();
    availabilityCheckedAt = System.nanoTime();
    Map<String, ServedTool> wanted = new LinkedHashMap<>();
    for (ToolDefinition definition : definitions) {
      String name = definition.name();
      if (toolSearch != null && ServedToolSearch.isOwn(name)) {
        LOG.log(Level.WARNING, "Not serving the registry's tool " + name + ": tool search is on");
        continue;
      }
      try {
        wanted.put(name, ServedTool.of(definition));
      } catch (IllegalArgumentException e) {
        LOG.log(Level.WARNING, "Not serving tool " + name + ": a schema is not a JSON object", e);
      }
    }
    return wanted;
  }

  /**
   * A call after the availability interval has the served list checked again: availability changes
   * with time, and calls are when clients care.
   */
  private void checkAvailability() {
    if (System.nanoTime() - availabilityCheckedAt >= availabilityIntervalNanos) {
      requestSync();
    }
  }

  /**
   * What every {@code tools/list} holds, in both eras: every served tool, or with tool search the
   * always-loaded ones and the search's own tools.
   */
  NavigableMap<String, ServedTool> listing() {
    return listing;
  }

  /** The served tool {@code name} (listed or not, the search's own included); null for none. */
  @Nullable ServedTool tool(String name) {
    ServedTool tool = tools.get(name);
    return tool != null ? tool : listing.get(name);
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
              : ToolPages.answer(id, message.path("params").get("cursor"), listing, pageSize);
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
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    registry.removeListener(onChange);
    syncer.shutdown();
    legacy.close();
  }
}
