package dev.toolsmith.langchain4j;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a tool's schema text into LangChain4j's {@link JsonObjectSchema}, which is all a {@code
 * ToolSpecification} takes: the top-level keywords it models ({@code description}, {@code
 * properties}, {@code required}, {@code additionalProperties}, {@code $defs}) become its fields,
 * and each property's and each definition's schema is carried as a {@link JsonRawSchema} holding
 * that part of the original text character for character. Top-level keywords it cannot model are
 * reported as dropped; the processor writes none.
 */
final class SchemaSplitter {

  private static final JsonFactory JSON = new JsonFactory();

  /** The converted schema and the top-level keywords it could not carry. */
  record Split(JsonObjectSchema schema, List<String> dropped) {}

  private SchemaSplitter() {}

  static Split split(String schema) {
    JsonObjectSchema.Builder builder = JsonObjectSchema.builder();
    List<String> dropped = new ArrayList<>();
    try (JsonParser parser = JSON.createParser(schema)) {
      expect(parser.nextToken(), JsonToken.START_OBJECT);
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String key = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (key) {
          case "type" -> {
            if (!"object".equals(parser.getValueAsString())) {
              dropped.add(key);
            }
            parser.skipChildren();
          }
          case "description" -> builder.description(parser.getValueAsString());
          case "properties" -> builder.addProperties(raw(parser, schema));
          case "$defs" -> builder.definitions(raw(parser, schema));
          case "required" -> builder.required(strings(parser));
          case "additionalProperties" -> {
            if (value.isBoolean()) {
              builder.additionalProperties(parser.getBooleanValue());
            } else {
              dropped.add(key);
              parser.skipChildren();
            }
          }
          default -> {
            dropped.add(key);
            parser.skipChildren();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("schema is not JSON: " + e.getMessage(), e);
    }
    return new Split(builder.build(), List.copyOf(dropped));
  }

  /** Each member of the object at the parser, as the exact text of its value. */
  private static Map<String, JsonSchemaElement> raw(JsonParser parser, String text)
      throws IOException {
    expect(parser.currentToken(), JsonToken.START_OBJECT);
    Map<String, JsonSchemaElement> members = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      parser.nextToken();
      int start = (int) parser.currentTokenLocation().getCharOffset();
      parser.skipChildren();
      parser.finishToken(); // a string value is read lazily: its end is known only when read
      int end = (int) parser.currentLocation().getCharOffset();
      members.put(name, JsonRawSchema.from(text.substring(start, end)));
    }
    return members;
  }

  private static List<String> strings(JsonParser parser) throws IOException {
    expect(parser.currentToken(), JsonToken.START_ARRAY);
    List<String> values = new ArrayList<>();
    while (parser.nextToken() == JsonToken.VALUE_STRING) {
      values.add(parser.getText());
    }
    expect(parser.currentToken(), JsonToken.END_ARRAY);
    return values;
  }

  private static void expect(JsonToken found, JsonToken expected) throws IOException {
    if (found != expected) {
      throw new IOException("expected " + expected + ", found " + found);
    }
  }
}
