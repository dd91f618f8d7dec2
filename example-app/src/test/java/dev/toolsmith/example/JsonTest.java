package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

final class JsonTest {

  @Test
  void recognisesErrorObjects() {
    assertTrue(Json.isError("{\"error\":\"Unknown tool: nope\"}"));
    assertTrue(Json.isError(" { \"error\" : \"x\", \"problems\": [] }"));
    assertFalse(Json.isError("{\"value\":1,\"error\":\"later fields do not count\"}"));
    assertFalse(Json.isError("[{\"error\":\"x\"}]"));
    assertFalse(Json.isError("plain text result"));
    assertFalse(Json.isError(""));
  }

  @Test
  void prettyPrintsAndListsSchemaProperties() {
    assertEquals("{\n  \"a\" : [ 1, 2 ]\n}", Json.pretty("{\"a\":[1,2]}"));
    assertEquals("not json {", Json.pretty("not json {"));
    assertEquals(
        "path, maxLines",
        Json.propertyNames(
            "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                + "\"maxLines\":{\"type\":\"integer\",\"minimum\":1}},\"required\":[\"path\"]}"));
  }
}
