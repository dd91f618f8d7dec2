package dev.toolsmith.schema;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A schema cut to Gemini's documented OpenAPI subset: {@code $ref}s inlined (a recursive one, once
 * inside itself, stops), {@code ["T","null"]} as {@code "nullable":true}, {@code oneOf} as {@code
 * anyOf}, {@code examples} as {@code example}, and every schema given a {@code type} (Gemini
 * requires one): an object without properties (a map, a recursion stop) is an {@code object} with
 * no {@code properties}, and a free-form JSON value is offered as an {@code object} since the
 * subset has no "any" type. What Gemini does not document (a {@code format} other than {@code enum}
 * and {@code date-time}, {@code multipleOf}, exclusive bounds, unique items, a map's value type,
 * enum values that are not strings) is moved into the description as words for the model. The
 * generated reader still checks everything.
 */
final class GeminiSchema {

  /** The schema fields Gemini documents, copied as they are. */
  private static final Set<String> KEPT =
      Set.of(
          "title",
          "description",
          "nullable",
          "required",
          "minItems",
          "maxItems",
          "minimum",
          "maximum",
          "minLength",
          "maxLength",
          "pattern",
          "default",
          "example",
          "propertyOrdering",
          "minProperties",
          "maxProperties");

  /** Fields that only organise a schema document; nothing to tell the model. */
  private static final Set<String> STRUCTURAL = Set.of("$defs", "$schema", "$id", "$comment");

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
        inlined = typed(new LinkedHashMap<>(Map.of("type", "object")), List.of()); // stops here
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
    List<String> notes = new ArrayList<>();
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
          List<Object> values = new ArrayList<>();
          for (Object v : SchemaTree.array(value)) {
            if (v == null) {
              out.put("nullable", true);
            } else {
              values.add(v);
            }
          }
          if (SchemaTree.isType(node, "string")) {
            out.put("enum", values);
          } else { // Gemini enums are strings only
            notes.add("one of " + Dialects.text(values));
          }
        }
        case "const" -> notes.add("exactly " + Dialects.text(value));
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
          if (GEMINI_FORMATS.contains(value)) {
            out.put("format", value);
          } else {
            notes.add("format " + value);
          }
        }
        case "examples" -> {
          if (!SchemaTree.array(value).isEmpty()) {
            out.put("example", SchemaTree.array(value).get(0));
          }
        }
        case "exclusiveMinimum" -> notes.add("greater than " + Dialects.text(value));
        case "exclusiveMaximum" -> notes.add("less than " + Dialects.text(value));
        case "multipleOf" -> notes.add("a multiple of " + Dialects.text(value));
        case "uniqueItems" -> {
          if (Boolean.TRUE.equals(value)) {
            notes.add("items unique");
          }
        }
        case "propertyNames" -> {
          Map<String, Object> names = SchemaTree.object(value);
          if (names != null && names.containsKey("enum")) {
            notes.add("keys one of " + Dialects.text(names.get("enum")));
          }
        }
        case "additionalProperties" -> {
          Map<String, Object> values = SchemaTree.object(value);
          if (values != null && values.get("type") instanceof String type) {
            notes.add("values of type " + type);
          }
        }
        default -> {
          if (KEPT.contains(key)) {
            out.put(key, SchemaTree.copy(value));
          } else if (!STRUCTURAL.contains(key) && !"deprecated".equals(key)) {
            notes.add(key + " " + Dialects.text(value));
          }
        }
      }
    }
    return typed(out, notes);
  }

  /**
   * {@code out} with a type Gemini accepts (an {@code anyOf} needs none) and an object's empty
   * properties dropped, {@code notes} appended to its description.
   */
  private static Map<String, Object> typed(Map<String, Object> out, List<String> notes) {
    Map<String, Object> properties = SchemaTree.object(out.get("properties"));
    boolean freeForm = !out.containsKey("type") && !out.containsKey("anyOf");
    if (freeForm) {
      out.put("type", "object");
      notes.add(0, "any JSON object");
    }
    if (properties != null && properties.isEmpty()) {
      out.remove("properties");
      out.remove("required");
    }
    if (!notes.isEmpty()) {
      String words = String.join("; ", notes);
      Object description = out.get("description");
      out.put(
          "description",
          description instanceof String text && !text.isEmpty()
              ? text + " (" + words + ")"
              : Character.toUpperCase(words.charAt(0)) + words.substring(1) + ".");
    } else if ("object".equals(out.get("type"))
        && !out.containsKey("properties")
        && !out.containsKey("description")) {
      out.put("description", "A JSON object.");
    }
    return out;
  }
}
