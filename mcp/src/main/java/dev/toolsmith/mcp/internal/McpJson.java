package dev.toolsmith.mcp.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;

/**
 * The module's one Jackson mapper, the SDK's mapper around it, and the JSON texts both sides write.
 */
public final class McpJson {

  /** Plain trees and maps only: MCP payloads are untyped JSON. */
  public static final ObjectMapper MAPPER = new ObjectMapper();

  /** What the SDK's clients, transports and servers read and write with. */
  public static final McpJsonMapper SDK = new JacksonMcpJsonMapper(MAPPER);

  private McpJson() {}

  /** {@code {"error": message}}; non-ASCII characters are kept as they are. */
  public static String error(String message) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("error", message);
    return write(node);
  }

  /** The JSON text of {@code value} (a tree, map, list or scalar). */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) { // trees and maps always serialize
      throw new IllegalStateException(e);
    }
  }
}
