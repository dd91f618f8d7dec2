package dev.toolsmith.schema;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

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
  static @Nullable Object parse(String schema) {
    try (JsonParser parser = SchemaJson.FACTORY.createParser(schema)) {
      parser.nextToken();
      return read(parser);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The value at the parser's current token, as a tree. */
  static @Nullable Object read(JsonParser p) throws IOException {
    JsonToken token = p.currentToken();
    return switch (token) {
      case START_OBJECT -> {
        Map<String, Object> object = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          object.put(name, read(p));
        }
        yield object;
      }
      case START_ARRAY -> {
        List<Object> array = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          array.add(read(p));
        }
        yield array;
      }
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new Num(p.getText());
      case VALUE_TRUE -> true;
      case VALUE_FALSE -> false;
      case VALUE_NULL -> null;
      default -> throw new IOException("unexpected token " + token);
    };
  }

  /** Writes {@code tree} as the generator's next value. */
  static void write(JsonGenerator g, @Nullable Object tree) throws IOException {
    if (tree instanceof Map<?, ?> object) {
      g.writeStartObject();
      for (Map.Entry<?, ?> field : object.entrySet()) {
        g.writeFieldName((String) field.getKey());
        write(g, field.getValue());
      }
      g.writeEndObject();
    } else if (tree instanceof List<?> array) {
      g.writeStartArray();
      for (Object element : array) {
        write(g, element);
      }
      g.writeEndArray();
    } else if (tree instanceof String text) {
      g.writeString(text);
    } else if (tree instanceof Num number) {
      g.writeNumber(number.text());
    } else if (tree instanceof Boolean bool) {
      g.writeBoolean(bool);
    } else {
      g.writeNull();
    }
  }

  /** {@code node} as an object, or null when it is something else. */
  @SuppressWarnings("unchecked") // the tree's objects are all Map<String, Object>
  static @Nullable Map<String, Object> object(@Nullable Object node) {
    return node instanceof Map<?, ?> ? (Map<String, Object>) node : null;
  }

  /** {@code node} as an array, or an empty list when it is something else. */
  @SuppressWarnings("unchecked") // the tree's arrays are all List<Object>
  static List<Object> array(@Nullable Object node) {
    return node instanceof List<?> ? (List<Object>) node : new ArrayList<>();
  }

  /** Whether the schema object's {@code type} is or includes {@code type}. */
  static boolean isType(Map<String, Object> node, String type) {
    Object types = node.get("type");
    return type.equals(types) || (types instanceof List<?> && ((List<?>) types).contains(type));
  }

  /** The node at JSON Pointer {@code pointer} (e.g. {@code /$defs/Node}), or null. */
  static @Nullable Object at(@Nullable Object root, String pointer) {
    if (pointer.isEmpty()) {
      return root; // "#": the whole document
    }
    Object node = root;
    for (String token : pointer.substring(1).split("/", -1)) {
      Map<String, Object> object = object(node);
      if (object == null) {
        return null;
      }
      node = object.get(token.replace("~1", "/").replace("~0", "~"));
    }
    return node;
  }

  /** A deep copy of {@code node}. */
  static @Nullable Object copy(@Nullable Object node) {
    Map<String, Object> object = object(node);
    if (object != null) {
      Map<String, Object> copy = new LinkedHashMap<>();
      object.forEach((k, v) -> copy.put(k, copy(v)));
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
