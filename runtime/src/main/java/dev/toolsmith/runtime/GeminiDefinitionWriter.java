package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Gemini function-declaration shape, {@code {"name":N,"description":D,"parameters":SCHEMA}},
 * its schema cut to Gemini's OpenAPI subset: {@code $ref}s inlined (a recursive one, once inside
 * itself, becomes a plain object), {@code ["T","null"]} as {@code "nullable":true}, {@code oneOf}
 * as {@code anyOf}, {@code examples} as {@code example}, and keywords Gemini rejects removed.
 */
final class GeminiDefinitionWriter implements DefinitionWriter {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The OpenAPI schema fields Gemini accepts. */
  private static final Set<String> KEPT =
      Set.of(
          "type",
          "format",
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

  @Override
  public void write(JsonGenerator generator, ToolEntry entry) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("name", entry.name());
    generator.writeStringField("description", entry.description());
    generator.writeFieldName("parameters");
    JsonNode root = SchemaTree.parse(entry.schema());
    SchemaTree.write(generator, convert(root, root, new ArrayList<>()));
    generator.writeEndObject();
  }

  /** {@code node} in Gemini's subset; {@code open} are the {@code $ref}s being inlined. */
  static JsonNode convert(JsonNode node, JsonNode root, List<String> open) {
    if (!node.isObject()) {
      return node;
    }
    if (node.has("$ref")) {
      String ref = node.get("$ref").asText();
      ObjectNode inlined;
      if (open.contains(ref) || !ref.startsWith("#")) {
        inlined = NODES.objectNode().put("type", "object"); // recursion stops here
      } else {
        open.add(ref);
        inlined = (ObjectNode) convert(root.at(ref.substring(1)), root, open);
        open.remove(open.size() - 1);
      }
      if (node.has("description")) {
        inlined.set("description", node.get("description"));
      }
      return inlined;
    }
    ObjectNode out = NODES.objectNode();
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey();
      JsonNode value = field.getValue();
      switch (key) {
        case "type" -> {
          if (value.isArray()) {
            List<String> types = new ArrayList<>();
            value.forEach(t -> types.add(t.asText()));
            if (types.remove("null")) {
              out.put("nullable", true);
            }
            out.put("type", types.isEmpty() ? "null" : types.get(0));
          } else {
            out.set("type", value);
          }
        }
        case "enum" -> {
          if (!node.path("type").toString().contains("string")) {
            break; // Gemini enums are strings only; the reader still checks the allowed numbers
          }
          ArrayNode values = NODES.arrayNode();
          for (JsonNode v : value) {
            if (v.isNull()) {
              out.put("nullable", true);
            } else {
              values.add(v);
            }
          }
          out.set("enum", values);
        }
        case "properties" -> {
          ObjectNode properties = NODES.objectNode();
          value
              .fields()
              .forEachRemaining(p -> properties.set(p.getKey(), convert(p.getValue(), root, open)));
          out.set("properties", properties);
        }
        case "items" -> out.set("items", convert(value, root, open));
        case "oneOf", "anyOf" -> {
          ArrayNode branches = NODES.arrayNode();
          for (JsonNode branch : value) {
            if (branch.path("type").asText().equals("null") && branch.size() == 1) {
              out.put("nullable", true);
            } else {
              branches.add(convert(branch, root, open));
            }
          }
          if (branches.size() == 1 && branches.get(0).isObject()) {
            ((ObjectNode) branches.get(0))
                .fields()
                .forEachRemaining(f -> out.set(f.getKey(), f.getValue()));
          } else {
            out.set("anyOf", branches);
          }
        }
        case "examples" -> {
          if (value.size() > 0) {
            out.set("example", value.get(0));
          }
        }
        case "exclusiveMinimum" -> {
          if (!node.has("minimum")) {
            out.set("minimum", value); // the reader still excludes the bound itself
          }
        }
        case "exclusiveMaximum" -> {
          if (!node.has("maximum")) {
            out.set("maximum", value);
          }
        }
        default -> {
          if (KEPT.contains(key)) {
            out.set(key, value);
          }
        }
      }
    }
    return out;
  }
}
