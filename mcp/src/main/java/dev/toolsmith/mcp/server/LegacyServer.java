package dev.toolsmith.mcp.server;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The legacy SDK server under a served registry, kept holding every served tool (so that the SDK
 * routes their calls) while it lists only those the registry's listing holds. Calls of names it
 * does not hold reach the registry through {@link ServingJson}'s {@code UNSERVED_TOOL}.
 */
final class LegacyServer {

  /** The names the SDK server holds now; the mapper sends calls of others to the registry. */
  private final Set<String> sdkTools = ConcurrentHashMap.newKeySet();

  private final ServingJson json = new ServingJson(sdkTools::contains);

  private volatile @Nullable SdkServer server;

  /** The JSON mapper every transport of the served registry reads and writes with. */
  ServingJson json() {
    return json;
  }

  /** Whether {@code name} is held by the SDK server: a served tool, or one of the search's. */
  boolean holds(String name) {
    return sdkTools.contains(name);
  }

  /**
   * Starts the server with {@code factory}, named {@code info}, holding {@code tools} (they go in
   * with it, so no client sees {@code list_changed} before initializing), listing those {@code
   * listed} accepts, each call answered by {@code call}.
   */
  void start(
      SdkServer.Factory factory,
      McpSchema.Implementation info,
      Collection<ServedTool> tools,
      Predicate<String> listed,
      SdkServer.CallHandler call) {
    List<McpSchema.Tool> initial = tools.stream().map(ServedTool::tool).toList();
    initial.forEach(tool -> sdkTools.add(tool.name()));
    server = factory.start(info, json, initial, listed, call);
  }

  /** Brings the held tools from {@code before} to {@code wanted}: gone ones removed, others set. */
  void update(Map<String, ServedTool> before, Map<String, ServedTool> wanted) {
    SdkServer current = server;
    if (current == null) {
      return;
    }
    for (String name : before.keySet()) {
      if (!wanted.containsKey(name)) {
        sdkTools.remove(name);
        current.remove(name);
      }
    }
    for (ServedTool tool : wanted.values()) {
      if (!tool.equals(before.get(tool.name()))) {
        current.add(tool.tool());
        sdkTools.add(tool.name());
      }
    }
  }

  /** A call's answer in the legacy shape, or the SDK's error for a tool nobody serves. */
  static Mono<McpSchema.CallToolResult> answer(CallAnswer answer) {
    return answer.unknownTool() ? Mono.error(answer.unknownLegacy()) : Mono.just(answer.legacy());
  }

  /** Closes the server, letting it finish what it sends. */
  void close() {
    SdkServer current = server;
    if (current != null) {
      current.close();
    }
  }
}
