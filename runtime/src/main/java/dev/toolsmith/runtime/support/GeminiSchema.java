package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A schema cut to Gemini's OpenAPI subset: {@code $ref}s inlined (a recursive one, once inside
 * itself, stops), an object without properties (map, free-form JSON, recursion stop) untyped since
 * Gemini rejects an empty OBJECT, {@code ["T","null"]} as {@code "nullable":true}, {@code oneOf} as
 * {@code anyOf}, {@code examples} as {@code example}, a {@code format} other than the two Gemini
 * documents ({@code enum}, {@code date-time}) moved into the description, and keywords Gemini
 * rejects removed. The generated reader still checks everything removed.
 */
final class GeminiSchema {

  /** The OpenAPI schema fields Gemini accepts. */
  private static final Set<String> KEPT =
      Set.of(
          "type",
          "title",
          "description",
          "nullable",
          "enum",
          "properties",
          "required",
          "items",
          "minItems",
          "maxItems",
          "minimum",
          "maximum",
          "minLength",
          "maxLength",
          "pattern",
          "anyOf",
          "default",
          "example",
          "propertyOrdering",
          "minProperties",
          "maxProperties");

  /** The string formats Gemini's schema subset documents. */
  private static final Set<String> GEMINI_FORMATS = Set.of("enum", "date-time");

  private GeminiSchema() {}

  /** {@code node} in Gemini's subset; {@code open} are the {@code $ref}s being inlined. */
  static @Nullable Object convert(@Nullable Object tree, @Nullable Object root, List<String> open) {
    Map<String, Object> node = SchemaTree.object(tree);
    if (node == null) {
      return tree;
    }
    if (node.get("$ref") instanceof String ref) {
      Map<String, Object> inlined;
      Object target = ref.startsWith("#") ? SchemaTree.at(root, ref.substring(1)) : null;
      if (open.contains(ref) || target == null) {
        inlined = openObject(new LinkedHashMap<>(Map.of("type", "object"))); // recursion stops here
      } else {
        open.add(ref);
        inlined = SchemaTree.object(convert(target, root, open));
        open.remove(open.size() - 1);
      }
      if (node.containsKey("description")) {
        requireNonNull(inlined, ref + " is not an object schema")
            .put("description", node.get("description"));
      }
      return inlined;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> field : node.entrySet()) {
      String key = field.getKey();
      Object value = field.getValue();
      switch (key) {
        case "type" -> {
          if (value instanceof List<?>) {
            List<Object> types = new ArrayList<>(SchemaTree.array(value));
            if (types.remove("null")) {
              out.put("nullable", true);
            }
            out.put("type", types.isEmpty() ? "null" : types.get(0));
          } else {
            out.put("type", value);
          }
        }
        case "enum" -> {
          if (!SchemaTree.isType(node, "string")) {
            break; // Gemini enums are strings only; the reader still checks the allowed numbers
          }
          List<Object> values = new ArrayList<>();
          for (Object v : SchemaTree.array(value)) {
            if (v == null) {
              out.put("nullable", true);
            } else {
              values.add(v);
            }
          }
          out.put("enum", values);
        }
        case "properties" -> {
          Map<String, Object> properties = new LinkedHashMap<>();
          Map<String, Object> in = SchemaTree.object(value);
          if (in != null) {
            in.forEach((name, schema) -> properties.put(name, convert(schema, root, open)));
          }
          out.put("properties", properties);
        }
        case "items" -> out.put("items", convert(value, root, open));
        case "oneOf", "anyOf" -> {
          List<Object> branches = new ArrayList<>();
          for (Object branch : SchemaTree.array(value)) {
            Map<String, Object> schema = SchemaTree.object(branch);
            if (schema != null && schema.size() == 1 && "null".equals(schema.get("type"))) {
              out.put("nullable", true);
            } else {
              branches.add(convert(branch, root, open));
            }
          }
          Map<String, Object> only =
              branches.size() == 1 ? SchemaTree.object(branches.get(0)) : null;
          if (only != null) {
            out.putAll(only);
          } else {
            out.put("anyOf", branches);
          }
        }
        case "format" -> {
          // Gemini documents only these two string formats; the rest becomes words for the model
          if (GEMINI_FORMATS.contains(value)) {
            out.put("format", value);
          }
        }
        case "examples" -> {
          if (!SchemaTree.array(value).isEmpty()) {
            out.put("example", SchemaTree.array(value).get(0));
          }
        }
        case "exclusiveMinimum" -> {
          if (!node.containsKey("minimum")) {
            out.put("minimum", value); // the reader still excludes the bound itself
          }
        }
        case "exclusiveMaximum" -> {
          if (!node.containsKey("maximum")) {
            out.put("maximum", value);
          }
        }
        default -> {
          if (KEPT.contains(key)) {
            out.put(key, SchemaTree.copy(value));
          }
        }
      }
    }
    Object format = node.get("format");
    if (format instanceof String && !GEMINI_FORMATS.contains(format)) {
      Object description = out.get("description");
      out.put(
          "description",
          description instanceof String text && !text.isEmpty()
              ? description + " (format: " + format + ")"
              : "Format: " + format + ".");
    }
    return openObject(out);
  }

  /**
   * {@code out} without its object type when it has no properties (a map, free-form JSON, a
   * recursion stop): Gemini rejects an object type with empty properties, and an untyped schema
   * lets the model send the object the reader expects.
   */
  private static Map<String, Object> openObject(Map<String, Object> out) {
    Map<String, Object> properties = SchemaTree.object(out.get("properties"));
    boolean object = "object".equals(out.get("type")) || properties != null;
    if (!object || (properties != null && !properties.isEmpty())) {
      return out;
    }
    out.remove("type");
    out.remove("properties");
    out.remove("required");
    out.putIfAbsent("description", "A JSON object.");
    return out;
  }
}
