package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The SDK's JSON mapper for serving, in both eras: plain Jackson, except that a {@code
 * tools/call}'s {@code arguments} keep their exact text ({@link RawArguments}) on the way to the
 * tool handler instead of a detour through a map, and arguments that are not an object are an
 * invalid-params error at once. A legacy call of a tool the SDK's server does not hold goes to
 * {@link #UNSERVED_TOOL} with its name in the request's meta, so the registry answers it (the SDK
 * would answer {@code Unknown tool: invalid_tool_name} whatever the name).
 */
final class ServingJson implements McpJsonMapper {

  /** JSON-RPC's invalid params. */
  static final int INVALID_PARAMS = -32602;

  /** The tool, hidden from listings, that the legacy SDK server calls for every unserved name. */
  static final String UNSERVED_TOOL = "dev.toolsmith/unserved";

  /** Where an unserved call's tool name goes in the request's meta. */
  static final String TOOL_NAME = "dev.toolsmith/toolName";

  private final McpJsonMapper plain;
  private final Predicate<String> sdkServes;

  /**
   * A mapper whose legacy calls of names {@code sdkServes} refuses go to {@link #UNSERVED_TOOL}.
   */
  ServingJson(Predicate<String> sdkServes) {
    this.plain = McpJson.SDK;
    this.sdkServes = sdkServes;
  }

  @Override
  public <T> T readValue(String content, Class<T> type) throws IOException {
    return withRawArguments(content, plain.readValue(content, type));
  }

  @Override
  public <T> T readValue(byte[] content, Class<T> type) throws IOException {
    return readValue(new String(content, StandardCharsets.UTF_8), type);
  }

  @Override
  public <T> T readValue(String content, TypeRef<T> type) throws IOException {
    return withRawArguments(content, plain.readValue(content, type));
  }

  @Override
  public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
    return readValue(new String(content, StandardCharsets.UTF_8), type);
  }

  @Override
  public <T> T convertValue(Object from, Class<T> type) {
    if (from instanceof Map<?, ?> map) {
      if (type == JsonRpc.JSONRPCRequest.class) {
        return type.cast(modernRequest(map));
      }
      if (type == io.modelcontextprotocol.modern.McpSchema.CallToolRequest.class) {
        return type.cast(modernCall(map));
      }
    }
    // A request keeps its params as they are, raw arguments included.
    if (type == McpSchema.JSONRPCRequest.class
        && from instanceof Map<?, ?> map
        && map.get("jsonrpc") instanceof String jsonrpc
        && map.get("method") instanceof String method) {
      Object params = map.get("params");
      if (McpSchema.METHOD_TOOLS_CALL.equals(method) && params instanceof Map<?, ?> callParams) {
        // The tool handler gets no JSON-RPC id from the SDK; cancellations need it.
        @SuppressWarnings("unchecked") // read from JSON: string keys, and the map is mutable
        Map<Object, Object> writable = (Map<Object, Object>) callParams;
        writable.put(ServedCalls.REQUEST_ID, map.get("id"));
      }
      return type.cast(new McpSchema.JSONRPCRequest(jsonrpc, method, map.get("id"), params));
    }
    return plain.convertValue(from, type);
  }

  @Override
  public <T> T convertValue(Object from, TypeRef<T> type) {
    if (type.getType() == McpSchema.CallToolRequest.class && from instanceof Map<?, ?> map) {
      @SuppressWarnings("unchecked") // the type is CallToolRequest
      T request = (T) callToolRequest(map);
      return request;
    }
    return plain.convertValue(from, type);
  }

  @Override
  public String writeValueAsString(Object value) throws IOException {
    return plain.writeValueAsString(value);
  }

  @Override
  public byte[] writeValueAsBytes(Object value) throws IOException {
    return plain.writeValueAsBytes(value);
  }

  private McpSchema.CallToolRequest callToolRequest(Map<?, ?> params) {
    if (!(params.get("name") instanceof String name)) {
      throw invalidParams("the tool name must be a string; found " + kind(params.get("name")));
    }
    Object arguments = params.get("arguments");
    if (arguments != null && !(arguments instanceof Map)) {
      throw invalidParams("arguments must be a JSON object; found " + kind(arguments));
    }
    @SuppressWarnings("unchecked") // JSON objects read as maps have string keys
    Map<String, Object> args = (Map<String, Object>) arguments;
    Object meta = params.get("_meta");
    Map<String, Object> metaMap =
        meta instanceof Map
            ? new HashMap<>(plain.convertValue(meta, new TypeRef<Map<String, Object>>() {}))
            : new HashMap<>();
    // Only what this mapper put there goes on: a client's _meta cannot name another call or tool.
    metaMap.remove(ServedCalls.REQUEST_ID);
    metaMap.remove(TOOL_NAME);
    Object id = params.get(ServedCalls.REQUEST_ID);
    if (id != null) {
      metaMap.put(ServedCalls.REQUEST_ID, id);
    }
    String called = name;
    if (!sdkServes.test(name)) {
      metaMap.put(TOOL_NAME, name);
      called = UNSERVED_TOOL;
    }
    return new McpSchema.CallToolRequest(called, args, metaMap.isEmpty() ? null : metaMap);
  }

  /** A modern request with its params as read (raw arguments included); invalid ones refused. */
  private static JsonRpc.JSONRPCRequest modernRequest(Map<?, ?> message) {
    if (!(message.get("jsonrpc") instanceof String jsonrpc)
        || !(message.get("method") instanceof String method)) {
      throw new IllegalArgumentException("jsonrpc and method must be strings");
    }
    Object id = message.get("id");
    if (id == null) {
      throw new IllegalArgumentException("a request needs an id");
    }
    return new JsonRpc.JSONRPCRequest(jsonrpc, method, id, message.get("params"));
  }

  /** A modern {@code tools/call} whose arguments keep their exact text. */
  private io.modelcontextprotocol.modern.McpSchema.CallToolRequest modernCall(Map<?, ?> params) {
    if (!(params.get("name") instanceof String name)) {
      throw invalidParams("the tool name must be a string; found " + kind(params.get("name")));
    }
    Object arguments = params.get("arguments");
    if (arguments != null && !(arguments instanceof Map)) {
      throw invalidParams("arguments must be a JSON object; found " + kind(arguments));
    }
    @SuppressWarnings("unchecked") // JSON objects read as maps have string keys
    Map<String, Object> args = (Map<String, Object>) arguments;
    Map<String, Object> inputResponses = objectOrNull(params.get("inputResponses"));
    Map<String, Object> meta = objectOrNull(params.get("_meta"));
    Object state = params.get("requestState");
    return new io.modelcontextprotocol.modern.McpSchema.CallToolRequest(
        name, args, inputResponses, state instanceof String text ? text : null, meta);
  }

  private @Nullable Map<String, Object> objectOrNull(@Nullable Object value) {
    return value instanceof Map ? plain.convertValue(value, new TypeRef<>() {}) : null;
  }

  private static McpError invalidParams(String message) {
    return McpError.builder(INVALID_PARAMS).message("Invalid params: " + message).build();
  }

  private static String kind(@Nullable Object value) {
    if (value == null) {
      return "nothing";
    }
    if (value instanceof Map) {
      return "object";
    }
    if (value instanceof java.util.List) {
      return "array";
    }
    if (value instanceof String) {
      return "string";
    }
    if (value instanceof Boolean) {
      return "boolean";
    }
    return value instanceof Number
        ? "number"
        : value.getClass().getSimpleName().toLowerCase(Locale.ROOT);
  }

  /** Puts the exact text of {@code params.arguments} into a message read as a map. */
  private static <T> T withRawArguments(String content, T value) throws IOException {
    if (!(value instanceof Map<?, ?> message)
        || !(message.get("params") instanceof Map<?, ?> params)
        || !(params.get("arguments") instanceof Map<?, ?> arguments)) {
      return value;
    }
    String raw = argumentsText(content);
    if (raw != null) {
      @SuppressWarnings("unchecked") // read from JSON: string keys, and the map is mutable
      Map<Object, Object> writable = (Map<Object, Object>) params;
      @SuppressWarnings("unchecked")
      Map<String, Object> view = (Map<String, Object>) arguments;
      writable.put("arguments", new RawArguments(raw, view));
    }
    return value;
  }

  /** The text of the last {@code params.arguments} object of a message, or null. */
  private static @Nullable String argumentsText(String content) throws IOException {
    @Nullable String found = null;
    try (JsonParser parser = McpJson.MAPPER.getFactory().createParser(content)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("params".equals(field) && value == JsonToken.START_OBJECT) {
          while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String inner = parser.currentName();
            JsonToken innerValue = parser.nextToken();
            if ("arguments".equals(inner) && innerValue == JsonToken.START_OBJECT) {
              int start = (int) parser.currentTokenLocation().getCharOffset();
              parser.skipChildren();
              int end = (int) parser.currentTokenLocation().getCharOffset() + 1;
              found = content.substring(start, end);
            } else {
              parser.skipChildren();
            }
          }
        } else {
          parser.skipChildren();
        }
      }
    }
    return found;
  }
}
