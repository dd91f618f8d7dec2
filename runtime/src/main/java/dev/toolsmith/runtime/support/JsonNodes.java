package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;

/**
 * Free-form JSON values as Jackson's {@link JsonNode}, built and written token by token (tree model
 * only, no ObjectMapper). Only tools with a {@code JsonNode} property or result load this class, so
 * jackson-databind is an optional dependency of the runtime: an application using {@code JsonNode}
 * has it already.
 */
@SuppressWarnings("exports") // databind stays optional; code using JsonNode requires it itself
public final class JsonNodes {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonNodes() {}

  /** Any JSON value, as a Jackson tree (JSON null as a null node). */
  public static final ValueReader<JsonNode> READER = in -> tree(in.parser());

  /** A Jackson tree, written token by token. */
  public static final ValueWriter<JsonNode> WRITER = JsonNodes::write;

  private static JsonNode tree(JsonParser p) throws IOException {
    JsonToken token = p.currentToken();
    return switch (token) {
      case START_OBJECT -> {
        ObjectNode object = NODES.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          if (object.has(name)) {
            throw new JsonParseException(p, "Duplicate field '" + name + "'");
          }
          p.nextToken();
          object.set(name, tree(p));
        }
        yield object;
      }
      case START_ARRAY -> {
        ArrayNode array = NODES.arrayNode();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          if (p.currentToken() == null) {
            throw new IOException("unexpected end of input in array");
          }
          array.add(tree(p));
        }
        yield array;
      }
      case VALUE_STRING -> NODES.textNode(p.getText());
      case VALUE_NUMBER_INT -> NODES.numberNode(p.getBigIntegerValue());
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDecimalValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      default -> throw new IOException("unexpected token " + token);
    };
  }

  private static void write(JsonGenerator g, JsonNode node) throws IOException {
    if (node.isObject()) {
      g.writeStartObject();
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        g.writeFieldName(field.getKey());
        write(g, field.getValue());
      }
      g.writeEndObject();
    } else if (node.isArray()) {
      g.writeStartArray();
      for (JsonNode element : node) {
        write(g, element);
      }
      g.writeEndArray();
    } else if (node.isTextual()) {
      g.writeString(node.textValue());
    } else if (node.isBoolean()) {
      g.writeBoolean(node.booleanValue());
    } else if (node.isIntegralNumber()) {
      g.writeNumber(node.bigIntegerValue());
    } else if (node.isNumber()) {
      g.writeNumber(node.decimalValue());
    } else {
      g.writeNull();
    }
  }
}
