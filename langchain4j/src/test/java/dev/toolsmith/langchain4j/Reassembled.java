package dev.toolsmith.langchain4j;

import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link JsonObjectSchema} of raw parts back as text, in the order the processor writes
 * its keywords, so a test can compare it with the registry's schema character for character.
 */
final class Reassembled {

  private Reassembled() {}

  static String text(JsonObjectSchema schema) {
    List<String> members = new ArrayList<>();
    members.add("\"type\":\"object\"");
    if (schema.description() != null) {
      members.add("\"description\":" + quote(schema.description()));
    }
    members.add("\"properties\":" + raw(schema.properties()));
    if (!schema.required().isEmpty()) {
      List<String> required = schema.required().stream().map(Reassembled::quote).toList();
      members.add("\"required\":[" + String.join(",", required) + "]");
    }
    if (schema.additionalProperties() != null) {
      members.add("\"additionalProperties\":" + schema.additionalProperties());
    }
    if (!schema.definitions().isEmpty()) {
      members.add("\"$defs\":" + raw(schema.definitions()));
    }
    return "{" + String.join(",", members) + "}";
  }

  private static String raw(Map<String, JsonSchemaElement> elements) {
    List<String> members = new ArrayList<>();
    elements.forEach(
        (name, element) -> members.add(quote(name) + ":" + ((JsonRawSchema) element).schema()));
    return "{" + String.join(",", members) + "}";
  }

  private static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
