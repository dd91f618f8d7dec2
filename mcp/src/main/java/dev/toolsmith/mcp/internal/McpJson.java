package dev.toolsmith.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.util.Map;

/** The module's one Jackson mapper, the SDK's mapper around it, and the JSON texts it writes. */
final class McpJson {

  /** Plain trees and maps only: MCP payloads are untyped JSON. */
  static final ObjectMapper MAPPER = new ObjectMapper();

  /** What the SDK's clients, transports and servers read and write with. */
  static final McpJsonMapper SDK = new JacksonMcpJsonMapper(MAPPER);

  /** What servers read and write with: arguments of tool calls keep their exact text. */
  static final McpJsonMapper SERVING = new ServingJson(SDK);

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private McpJson() {}

  /** {@code {"error": message}}; non-ASCII characters are kept as they are. */
  static String error(String message) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("error", message);
    return write(node);
  }

  /** The JSON text of {@code value} (a tree, map, list or scalar). */
  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) { // trees and maps always serialize
      throw new IllegalStateException(e);
    }
  }

  /** The JSON object {@code json} as a map; {@code {}} for blank text. */
  static Map<String, Object> readObject(String json) throws JsonProcessingException {
    if (json == null || json.isBlank()) {
      return Map.of();
    }
    JsonNode node = MAPPER.readTree(json);
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException(
          "the arguments must be one JSON object; found "
              + (node == null
                  ? "nothing"
                  : node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)));
    }
    return MAPPER.convertValue(node, MAP);
  }
}
