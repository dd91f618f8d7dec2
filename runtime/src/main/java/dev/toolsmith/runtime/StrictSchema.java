package dev.toolsmith.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The OpenAI strict-mode variant of a tool's schema: every property required, the optional ones
 * nullable, {@code additionalProperties: false} on every object, {@code oneOf} as {@code anyOf},
 * keywords strict mode does not support removed. A schema with an open map or a free-form value has
 * no strict variant.
 *
 * <p>The generated reader still checks every keyword removed here, so a model that breaks one gets
 * the usual problem list.
 */
final class StrictSchema {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The keywords OpenAI's strict mode accepts; every other one is removed. */
  private static final Set<String> KEPT =
      Set.of(
          "type",
          "description",
          "title",
          "enum",
          "const",
          "properties",
          "required",
          "additionalProperties",
          "items",
          "anyOf",
          "$ref",
          "$defs",
          "pattern",
          "format",
          "multipleOf",
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "exclusiveMaximum",
          "minItems",
          "maxItems");

  /** The string formats strict mode accepts. */
  private static final Set<String> FORMATS =
      Set.of("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid");

  private StrictSchema() {}

  /** The strict variant of {@code schema}, or empty when its shape cannot be strict. */
  static Optional<JsonNode> of(String schema) {
    JsonNode root = SchemaTree.parse(schema);
    if (!root.isObject()) {
      return Optional.empty();
    }
    return strict((ObjectNode) root) ? Optional.of(root) : Optional.empty();
  }

  /** Makes {@code node} strict in place; false when it cannot be. */
  private static boolean strict(ObjectNode node) {
    if (node.has("oneOf")) {
      node.set("anyOf", node.remove("oneOf"));
    }
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    for (String name : names) {
      if (!KEPT.contains(name)) {
        node.remove(name);
      }
    }
    if (node.has("format") && !FORMATS.contains(node.get("format").asText())) {
      node.remove("format");
    }
    boolean typed =
        node.has("type")
            || node.has("$ref")
            || node.has("anyOf")
            || node.has("enum")
            || node.has("const");
    if (!typed) {
      return false; // a free-form value
    }
    if (isType(node, "object")) {
      JsonNode additional = node.get("additionalProperties");
      if (!node.has("properties") || (additional != null && !additional.isBoolean())) {
        return false; // an open map
      }
      ObjectNode properties = (ObjectNode) node.get("properties");
      List<String> required = new ArrayList<>();
      node.path("required").forEach(r -> required.add(r.asText()));
      ArrayNode all = NODES.arrayNode();
      Iterator<Map.Entry<String, JsonNode>> fields = properties.fields();
      List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
      fields.forEachRemaining(entries::add);
      for (Map.Entry<String, JsonNode> property : entries) {
        if (!property.getValue().isObject() || !strict((ObjectNode) property.getValue())) {
          return false;
        }
        if (!required.contains(property.getKey())) {
          properties.set(property.getKey(), nullable((ObjectNode) property.getValue()));
        }
        all.add(property.getKey());
      }
      node.set("required", all);
      node.put("additionalProperties", false);
    }
    for (String key : List.of("items")) {
      if (node.has(key) && (!node.get(key).isObject() || !strict((ObjectNode) node.get(key)))) {
        return false;
      }
    }
    if (node.has("anyOf")) {
      for (JsonNode branch : node.get("anyOf")) {
        if (!branch.isObject() || !strict((ObjectNode) branch)) {
          return false;
        }
      }
    }
    if (node.has("$defs")) {
      Iterator<Map.Entry<String, JsonNode>> defs = node.get("$defs").fields();
      while (defs.hasNext()) {
        JsonNode def = defs.next().getValue();
        if (!def.isObject() || !strict((ObjectNode) def)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean isType(JsonNode node, String type) {
    JsonNode types = node.get("type");
    if (types == null) {
      return false;
    }
    if (types.isArray()) {
      for (JsonNode t : types) {
        if (t.asText().equals(type)) {
          return true;
        }
      }
      return false;
    }
    return types.asText().equals(type);
  }

  /** {@code node} admitting null as well. */
  static ObjectNode nullable(ObjectNode node) {
    if (node.has("type") && !node.has("anyOf")) {
      JsonNode type = node.get("type");
      if (type.isTextual()) {
        if (!type.asText().equals("null")) {
          node.set("type", NODES.arrayNode().add(type.asText()).add("null"));
        }
      } else if (type.isArray() && !isType(node, "null")) {
        ((ArrayNode) type).add("null");
      }
      if (node.has("enum")) {
        boolean hasNull = false;
        for (JsonNode value : node.get("enum")) {
          hasNull |= value.isNull();
        }
        if (!hasNull) {
          ((ArrayNode) node.get("enum")).addNull();
        }
      }
      return node;
    }
    if (node.has("anyOf")) {
      for (JsonNode branch : node.get("anyOf")) {
        if (isType(branch, "null")) {
          return node;
        }
      }
      ((ArrayNode) node.get("anyOf")).add(NODES.objectNode().put("type", "null"));
      return node;
    }
    ObjectNode wrapper = NODES.objectNode();
    JsonNode description = node.remove("description");
    wrapper.set("anyOf", NODES.arrayNode().add(node).add(NODES.objectNode().put("type", "null")));
    if (description != null) {
      wrapper.set("description", description);
    }
    return wrapper;
  }
}
