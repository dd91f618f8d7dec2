package dev.toolsmith.mcp.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.toolsmith.mcp.internal.McpJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Normalises an MCP tool's input schema for the models: an empty schema becomes an empty object
 * schema, draft-07 {@code definitions} become {@code $defs} with their references rewritten, {@code
 * required} keeps only properties that exist, and a top-level {@code $schema} is dropped.
 */
final class Schemas {

  private static final String OLD_PREFIX = "#/definitions/";
  private static final String NEW_PREFIX = "#/$defs/";

  private Schemas() {}

  /** The normalised schema as JSON text; never throws for any map the SDK read. */
  static String normalize(@Nullable Map<String, Object> inputSchema) {
    JsonNode parsed = inputSchema == null ? null : McpJson.MAPPER.valueToTree(inputSchema);
    ObjectNode schema =
        parsed instanceof ObjectNode object ? object : McpJson.MAPPER.createObjectNode();
    // The dialect is the registry's business (each provider format writes its own); several
    // providers reject a $schema keyword they do not expect.
    schema.remove("$schema");
    if (!schema.has("type")
        && !schema.has("$ref")
        && !schema.has("anyOf")
        && !schema.has("oneOf")
        && !schema.has("allOf")) {
      schema.put("type", "object");
    }
    if ("object".equals(schema.path("type").asText()) && !schema.has("properties")) {
      schema.putObject("properties");
    }
    JsonNode definitions = schema.remove("definitions");
    if (definitions instanceof ObjectNode) {
      JsonNode existing = schema.get("$defs");
      ObjectNode defs = existing instanceof ObjectNode object ? object : schema.putObject("$defs");
      for (Map.Entry<String, JsonNode> field : definitions.properties()) {
        if (!defs.has(field.getKey())) { // an explicit $defs entry wins over the draft-07 one
          defs.set(field.getKey(), field.getValue());
        }
      }
    }
    fix(schema, 0);
    return McpJson.write(schema);
  }

  /**
   * The schema of what a call of a tool with {@code outputSchema} gives ({@link CallResultJson}):
   * {@code {"result": TEXT, "structuredContent": VALUE}}, the server's output schema (normalised,
   * its {@code $defs} moved to the root so its references still resolve) describing the value.
   */
  static String callResult(Map<String, Object> outputSchema) {
    ObjectNode structured;
    try {
      structured = (ObjectNode) McpJson.MAPPER.readTree(normalize(outputSchema));
    } catch (java.io.IOException e) { // normalize writes one JSON object
      throw new IllegalStateException(e);
    }
    JsonNode definitions = structured.remove("$defs");
    ObjectNode schema = McpJson.MAPPER.createObjectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    properties.putObject("result").put("type", "string");
    properties.set("structuredContent", structured);
    schema.putArray("required").add("result");
    schema.put("additionalProperties", false);
    if (definitions != null) {
      schema.set("$defs", definitions);
    }
    return McpJson.write(schema);
  }

  /** Rewrites references and prunes {@code required} everywhere; bounded depth. */
  private static void fix(JsonNode node, int depth) {
    if (depth > 64) {
      return;
    }
    if (node instanceof ObjectNode object) {
      JsonNode ref = object.get("$ref");
      if (ref != null && ref.isTextual() && ref.asText().startsWith(OLD_PREFIX)) {
        object.set(
            "$ref", TextNode.valueOf(NEW_PREFIX + ref.asText().substring(OLD_PREFIX.length())));
      }
      JsonNode required = object.get("required");
      JsonNode properties = object.get("properties");
      if (required instanceof ArrayNode && properties instanceof ObjectNode) {
        List<JsonNode> kept = new ArrayList<>();
        for (JsonNode name : required) {
          if (name.isTextual() && properties.has(name.asText())) {
            kept.add(name);
          }
        }
        if (kept.isEmpty()) {
          object.remove("required");
        } else if (kept.size() != required.size()) {
          ArrayNode pruned = object.putArray("required");
          kept.forEach(pruned::add);
        }
      }
      for (JsonNode child : object) {
        fix(child, depth + 1);
      }
    } else if (node instanceof ArrayNode) {
      for (JsonNode child : node) {
        fix(child, depth + 1);
      }
    }
  }
}
