package dev.toolsmith.schema.search;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.schema.SchemaJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Reads the top-level properties (name, description) of a JSON Schema object text: the parameters
 * tool search matches, read alike by the processor and the runtime.
 */
public final class SchemaProperties {

  private SchemaProperties() {}

  /**
   * Gives each top-level property of {@code schema} to {@code action} in schema order, with its
   * description ("" when it has none); none for a schema that is not an object or not JSON.
   */
  public static void forEach(String schema, BiConsumer<String, String> action) {
    try (JsonParser parser = SchemaJson.FACTORY.createParser(schema)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("properties".equals(field) && value == JsonToken.START_OBJECT) {
          List<String> namesAndDescriptions = properties(parser);
          for (int i = 0; i < namesAndDescriptions.size(); i += 2) {
            action.accept(namesAndDescriptions.get(i), namesAndDescriptions.get(i + 1));
          }
          return;
        }
        parser.skipChildren();
      }
    } catch (IOException | RuntimeException e) {
      // A schema that is not JSON has no parameters to search; the registry reports it elsewhere.
    }
  }

  /** Each property's name then its description; read whole before any is given out. */
  private static List<String> properties(JsonParser parser) throws IOException {
    List<String> namesAndDescriptions = new ArrayList<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      String description = "";
      if (parser.nextToken() == JsonToken.START_OBJECT) {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String field = parser.currentName();
          JsonToken value = parser.nextToken();
          if ("description".equals(field) && value == JsonToken.VALUE_STRING) {
            description = parser.getText();
          } else {
            parser.skipChildren();
          }
        }
      } else {
        parser.skipChildren();
      }
      namesAndDescriptions.add(name);
      namesAndDescriptions.add(description);
    }
    return namesAndDescriptions;
  }
}
