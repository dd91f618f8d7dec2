package dev.toolsmith.example;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import org.jspecify.annotations.Nullable;

/** The little JSON the CLI itself needs, on jackson-core's streaming API (no data binding). */
final class Json {

  private static final JsonFactory FACTORY = new JsonFactory();

  private Json() {}

  /**
   * Whether {@code result} is an error object: a JSON object whose first field is {@code "error"}.
   */
  static boolean isError(String result) {
    return errorMessage(result) != null;
  }

  /**
   * The message of an error object (a JSON object whose first field is {@code "error"}), or null
   * when {@code result} is not one.
   */
  static @Nullable String errorMessage(String result) {
    try (JsonParser parser = FACTORY.createParser(result)) {
      if (parser.nextToken() == JsonToken.START_OBJECT
          && parser.nextToken() == JsonToken.FIELD_NAME
          && "error".equals(parser.currentName())) {
        JsonToken value = parser.nextToken();
        return value != null && value.isScalarValue() ? parser.getText() : "";
      }
      return null;
    } catch (IOException e) {
      return null; // not JSON at all: plain text is a result, not an error
    }
  }

  /** {@code json} indented for people; the text unchanged if it is not JSON. */
  static String pretty(String json) {
    StringWriter out = new StringWriter();
    try (JsonParser parser = FACTORY.createParser(json);
        JsonGenerator generator = FACTORY.createGenerator(out).useDefaultPrettyPrinter()) {
      while (parser.nextToken() != null) {
        generator.copyCurrentEvent(parser);
      }
    } catch (IOException e) {
      return json;
    }
    return out.toString();
  }

  /** The names of the properties of a JSON Schema object, in order, comma-separated. */
  static String propertyNames(String schema) {
    StringBuilder names = new StringBuilder();
    try (JsonParser parser = FACTORY.createParser(schema)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return "";
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        parser.nextToken();
        if (field.equals("properties") && parser.currentToken() == JsonToken.START_OBJECT) {
          while (parser.nextToken() == JsonToken.FIELD_NAME) {
            names.append(names.length() == 0 ? "" : ", ").append(parser.currentName());
            parser.nextToken();
            parser.skipChildren();
          }
        } else {
          parser.skipChildren();
        }
      }
    } catch (IOException e) {
      return "";
    }
    return names.toString();
  }
}
