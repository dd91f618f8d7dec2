package dev.toolsmith.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The OpenAI strict-mode variant of a tool's schema: every property required, the optional ones
 * nullable, {@code additionalProperties: false} on every object, {@code oneOf} as {@code anyOf},
 * keywords strict mode does not support removed ({@code default} said in the description instead).
 * A schema with an open map or a free-form value has no strict variant.
 *
 * <p>The generated reader still checks every keyword removed here, so a model that breaks one gets
 * the usual problem list.
 */
final class StrictSchema {

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

  /** The strict variant of {@code schema} as a tree, or empty when its shape cannot be strict. */
  static Optional<Object> of(String schema) {
    Map<String, Object> root = SchemaTree.object(SchemaTree.parse(schema));
    return root != null && strict(root) ? Optional.of(root) : Optional.empty();
  }

  /** Makes {@code node} strict in place; false when it cannot be. */
  private static boolean strict(Map<String, Object> node) {
    if (node.containsKey("oneOf")) {
      node.put("anyOf", node.remove("oneOf"));
    }
    if (node.containsKey("default")) {
      describeDefault(node);
    }
    node.keySet().removeIf(key -> !KEPT.contains(key));
    if (node.containsKey("format") && !FORMATS.contains(String.valueOf(node.get("format")))) {
      node.remove("format");
    }
    boolean typed =
        node.containsKey("type")
            || node.containsKey("$ref")
            || node.containsKey("anyOf")
            || node.containsKey("enum")
            || node.containsKey("const");
    if (!typed) {
      return false; // a free-form value
    }
    if (SchemaTree.isType(node, "object")) {
      Object additional = node.get("additionalProperties");
      Map<String, Object> properties = SchemaTree.object(node.get("properties"));
      if (properties == null || (additional != null && !(additional instanceof Boolean))) {
        return false; // an open map
      }
      List<Object> required = SchemaTree.array(node.get("required"));
      List<Object> all = new ArrayList<>();
      for (Map.Entry<String, Object> property : new ArrayList<>(properties.entrySet())) {
        Map<String, Object> schema = SchemaTree.object(property.getValue());
        if (schema == null || !strict(schema)) {
          return false;
        }
        if (!required.contains(property.getKey())) {
          properties.put(property.getKey(), nullable(schema));
        }
        all.add(property.getKey());
      }
      node.put("required", all);
      node.put("additionalProperties", false);
    }
    if (node.containsKey("items")) {
      Map<String, Object> items = SchemaTree.object(node.get("items"));
      if (items == null || !strict(items)) {
        return false;
      }
    }
    for (Object branch : SchemaTree.array(node.get("anyOf"))) {
      Map<String, Object> schema = SchemaTree.object(branch);
      if (schema == null || !strict(schema)) {
        return false;
      }
    }
    Map<String, Object> defs = SchemaTree.object(node.get("$defs"));
    if (defs != null) {
      for (Object def : defs.values()) {
        Map<String, Object> schema = SchemaTree.object(def);
        if (schema == null || !strict(schema)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Strict mode has no {@code default}: its description says it instead, so that a model that must
   * send every property knows what sending null means ({@code The unit. Null means the default:
   * "celsius".}).
   */
  private static void describeDefault(Map<String, Object> node) {
    String said = "Null means the default: " + Dialects.text(node.get("default")) + ".";
    Object description = node.get("description");
    String text = description instanceof String d ? d.strip() : "";
    node.put("description", text.isEmpty() ? said : text + " " + said);
  }

  /** {@code node} admitting null as well. */
  private static Map<String, Object> nullable(Map<String, Object> node) {
    if (node.containsKey("type") && !node.containsKey("anyOf")) {
      Object type = node.get("type");
      if (type instanceof String && !type.equals("null")) {
        node.put("type", new ArrayList<>(List.of(type, "null")));
      } else if (type instanceof List<?> && !SchemaTree.isType(node, "null")) {
        SchemaTree.array(type).add("null");
      }
      if (node.containsKey("enum") && !SchemaTree.array(node.get("enum")).contains(null)) {
        SchemaTree.array(node.get("enum")).add(null);
      }
      return node;
    }
    Map<String, Object> nullType = new LinkedHashMap<>();
    nullType.put("type", "null");
    if (node.containsKey("anyOf")) {
      for (Object branch : SchemaTree.array(node.get("anyOf"))) {
        Map<String, Object> schema = SchemaTree.object(branch);
        if (schema != null && SchemaTree.isType(schema, "null")) {
          return node;
        }
      }
      SchemaTree.array(node.get("anyOf")).add(nullType);
      return node;
    }
    Map<String, Object> wrapper = new LinkedHashMap<>();
    Object description = node.remove("description");
    wrapper.put("anyOf", new ArrayList<>(List.of(node, nullType)));
    if (description != null) {
      wrapper.put("description", description);
    }
    return wrapper;
  }
}
