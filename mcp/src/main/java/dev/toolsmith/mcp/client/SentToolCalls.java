package dev.toolsmith.mcp.client;

import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The tool of each {@code tools/call} sent to a stdio server and not yet answered, by request id,
 * for {@link ServerOutput}: an oversized answer to one is spilled to a file rather than failed.
 * Requests of either era are noted; a server that never answers cannot grow it past {@value
 * #MAX_TRACKED}.
 */
final class SentToolCalls {

  /** Most calls tracked at once. */
  static final int MAX_TRACKED = 4096;

  private final Map<String, String> tools = new ConcurrentHashMap<>();

  /**
   * Notes {@code message} when it is a {@code tools/call} request (of the legacy or modern SDK).
   */
  void sent(Object message) {
    Object id = null;
    Object params = null;
    if (message instanceof McpSchema.JSONRPCRequest legacy
        && McpSchema.METHOD_TOOLS_CALL.equals(legacy.method())) {
      id = legacy.id();
      params = legacy.params();
    } else if (message instanceof JsonRpc.JSONRPCRequest modern
        && McpSchema.METHOD_TOOLS_CALL.equals(modern.method())) {
      id = modern.id();
      params = modern.params();
    }
    String tool = null;
    if (params instanceof McpSchema.CallToolRequest call) {
      tool = call.name();
    } else if (params instanceof Map<?, ?> map && map.get("name") instanceof String name) {
      tool = name;
    }
    if (id != null && tool != null && tools.size() < MAX_TRACKED) {
      tools.put(key(id), tool);
    }
  }

  /** The request {@code id} was answered: the tool it called, or null when it was no tool call. */
  @Nullable String answered(Object id) {
    return tools.remove(key(id));
  }

  /** One key for an id however it was read: {@code 7} and {@code 7L} are the same request. */
  private static String key(Object id) {
    return String.valueOf(id);
  }
}
