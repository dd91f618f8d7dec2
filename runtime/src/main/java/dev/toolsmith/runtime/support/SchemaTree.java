package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A schema as a plain tree, for the dialects that must reshape one: objects are {@link
 * LinkedHashMap}s (key order kept), arrays {@link ArrayList}s, strings, booleans, {@code null}, and
 * numbers as {@link Num} (their JSON text, so nothing is rounded). jackson-core only.
 */
final class SchemaTree {

  /** A JSON number, kept as its text. */
  record Num(String text) {}

  private SchemaTree() {}

  /** {@code schema} as a tree; registration guarantees it is one JSON object. */
  static Object parse(String schema) {
    try (JsonParser parser = ArgumentJson.FACTORY.createParser(schema)) {
      parser.nextToken();
      return read(parser);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object read(JsonParser p) throws IOException {
    JsonToken token = p.currentToken();
    switch (token) {
      case START_OBJECT:
        {
          Map<String, Object> object = new LinkedHashMap<>();
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            object.put(name, read(p));
          }
          return object;
        }
      case START_ARRAY:
        {
          List<Object> array = new ArrayList<>();
          while (p.nextToken() != JsonToken.END_ARRAY) {
            array.add(read(p));
          }
          return array;
        }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new Num(p.getText());
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IOException("unexpected token " + token);
    }
  }

  /** Writes {@code tree} as the generator's next value. */
  static void write(JsonGenerator g, Object tree) throws IOException {
    if (tree instanceof Map<?, ?>) {
      g.writeStartObject();
      for (Map.Entry<?, ?> field : ((Map<?, ?>) tree).entrySet()) {
        g.writeFieldName((String) field.getKey());
        write(g, field.getValue());
      }
      g.writeEndObject();
    } else if (tree instanceof List<?>) {
      g.writeStartArray();
      for (Object element : (List<?>) tree) {
        write(g, element);
      }
      g.writeEndArray();
    } else if (tree instanceof String) {
      g.writeString((String) tree);
    } else if (tree instanceof Num) {
      g.writeNumber(((Num) tree).text());
    } else if (tree instanceof Boolean) {
      g.writeBoolean((Boolean) tree);
    } else {
      g.writeNull();
    }
  }

  /** {@code node} as an object, or null when it is something else. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object node) {
    return node instanceof Map<?, ?> ? (Map<String, Object>) node : null;
  }

  /** {@code node} as an array, or an empty list when it is something else. */
  @SuppressWarnings("unchecked")
  static List<Object> array(Object node) {
    return node instanceof List<?> ? (List<Object>) node : new ArrayList<>();
  }

  /** Whether the schema object's {@code type} is or includes {@code type}. */
  static boolean isType(Map<String, Object> node, String type) {
    Object types = node.get("type");
    return type.equals(types) || (types instanceof List<?> && ((List<?>) types).contains(type));
  }

  /** The node at JSON Pointer {@code pointer} (e.g. {@code /$defs/Node}), or null. */
  static Object at(Object root, String pointer) {
    if (pointer.isEmpty()) {
      return root; // "#": the whole document
    }
    Object node = root;
    for (String token : pointer.substring(1).split("/")) {
      Map<String, Object> object = object(node);
      if (object == null) {
        return null;
      }
      node = object.get(token.replace("~1", "/").replace("~0", "~"));
    }
    return node;
  }

  /** A deep copy of {@code node}. */
  static Object copy(Object node) {
    if (node instanceof Map<?, ?>) {
      Map<String, Object> copy = new LinkedHashMap<>();
      object(node).forEach((k, v) -> copy.put(k, copy(v)));
      return copy;
    }
    if (node instanceof List<?>) {
      List<Object> copy = new ArrayList<>();
      array(node).forEach(v -> copy.add(copy(v)));
      return copy;
    }
    return node;
  }
}
