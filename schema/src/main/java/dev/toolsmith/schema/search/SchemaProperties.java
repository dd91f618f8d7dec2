package dev.toolsmith.runtime.search;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the top-level properties (name, description) of a JSON Schema object text. */
final class SchemaParameters {

  private static final JsonFactory FACTORY = new JsonFactory();

  private SchemaParameters() {}

  /** The schema's top-level parameters; empty for a schema that is not an object or not JSON. */
  static List<SearchParameter> of(String schema) {
    try (JsonParser parser = FACTORY.createParser(schema)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return List.of();
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("properties".equals(field) && value == JsonToken.START_OBJECT) {
          return properties(parser);
        }
        parser.skipChildren();
      }
    } catch (IOException | RuntimeException e) {
      // A schema that is not JSON has no parameters to search; the registry reports it elsewhere.
    }
    return List.of();
  }

  private static List<SearchParameter> properties(JsonParser parser) throws IOException {
    List<SearchParameter> parameters = new ArrayList<>();
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
      parameters.add(new SearchParameter(name, description));
    }
    return parameters;
  }
}
