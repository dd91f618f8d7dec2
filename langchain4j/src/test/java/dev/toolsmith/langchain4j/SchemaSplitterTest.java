package dev.toolsmith.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaSplitterTest {

  @Test
  void eachPropertyAndDefinitionKeepsItsExactText() {
    String schema =
        "{\"type\":\"object\",\"description\":\"a \\\"quoted\\\" tool\","
            + "\"properties\":{\"n\":{\"type\":\"number\",\"minimum\":1.50,\"maximum\":1e3},"
            + "\"any\":true,\"é\":{\"$ref\":\"#/$defs/N\"}},"
            + "\"required\":[\"n\"],\"additionalProperties\":false,"
            + "\"$defs\":{\"N\":{\"type\":\"string\",\"pattern\":\"^\\\\d+$\"}}}";

    SchemaSplitter.Split split = SchemaSplitter.split(schema);

    assertEquals(List.of(), split.dropped());
    assertEquals(schema, Reassembled.text(split.schema()));
    assertEquals(
        "{\"type\":\"number\",\"minimum\":1.50,\"maximum\":1e3}",
        ((JsonRawSchema) split.schema().properties().get("n")).schema());
    assertEquals("true", ((JsonRawSchema) split.schema().properties().get("any")).schema());
    assertEquals("a \"quoted\" tool", split.schema().description());
  }

  @Test
  void whitespaceInsideAPropertyIsKept() {
    SchemaSplitter.Split split =
        SchemaSplitter.split("{ \"properties\" : { \"p\" : { \"$ref\" : \"#/$defs/N\" } } }");

    assertEquals(
        "{ \"$ref\" : \"#/$defs/N\" }",
        ((JsonRawSchema) split.schema().properties().get("p")).schema());
  }

  @Test
  void keywordsAJsonObjectSchemaCannotHoldAreReportedAsDropped() {
    SchemaSplitter.Split split =
        SchemaSplitter.split(
            "{\"$schema\":\"https://json-schema.org/"
                + "draft/2020-12/schema\",\"type\":\"object\",\"properties\":{\"s\":\"odd\"},"
                + "\"additionalProperties\":{\"type\":\"string\"},\"minProperties\":1}");

    assertEquals(List.of("$schema", "additionalProperties", "minProperties"), split.dropped());
    assertNull(split.schema().additionalProperties());
    assertEquals("\"odd\"", ((JsonRawSchema) split.schema().properties().get("s")).schema());
  }
}
