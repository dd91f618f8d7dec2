package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link SchemaInstances}: a value against the vocabulary the processor writes. */
final class SchemaInstancesTest {

  /** A schema of every kind the processor writes: nullable ref, union, map, set, bounds. */
  private static final String SCHEMA =
      """
      {"type":"object","properties":{
        "city":{"type":"string","minLength":2,"pattern":"^[A-Z]"},
        "days":{"type":"integer","minimum":1,"maximum":14},
        "step":{"type":["number","null"],"multipleOf":0.5},
        "mail":{"type":"string","format":"email"},
        "unit":{"type":["string","null"],"enum":["celsius","fahrenheit",null]},
        "tags":{"type":"array","items":{"type":"string"},"uniqueItems":true,"maxItems":3},
        "home":{"anyOf":[{"$ref":"#/$defs/Place"},{"type":"null"}]},
        "limits":{"type":"object","propertyNames":{"enum":["low","high"]},
                  "additionalProperties":{"type":"integer"}},
        "shape":{"oneOf":[
          {"type":"object","properties":{"kind":{"type":"string","enum":["circle"]},
            "r":{"type":"number"}},"required":["kind","r"],"additionalProperties":false},
          {"type":"object","properties":{"kind":{"type":"string","enum":["square"]},
            "side":{"type":"number"}},"required":["kind","side"],"additionalProperties":false}]}
      },"required":["city","days"],"additionalProperties":false,
      "$defs":{"Place":{"type":"object","properties":{"name":{"type":"string"},
        "near":{"$ref":"#/$defs/Place"}},"required":["name"],"additionalProperties":false}}}
      """;

  private static String problem(String json) {
    return SchemaInstances.check(SCHEMA, json).map(Object::toString).orElse("fits");
  }

  @Test
  void aValueOfEveryKindThatFits() {
    assertEquals(
        "fits",
        problem(
            """
            {"city":"Paris","days":3.0,"step":1.5,"mail":"ada@example.com","unit":null,
             "tags":["a","b"],"home":{"name":"Lyon","near":{"name":"Vienne"}},
             "limits":{"low":1},"shape":{"kind":"square","side":2}}
            """));
    assertEquals(Optional.empty(), SchemaInstances.check(SCHEMA, "{\"city\":\"Oslo\",\"days\":1}"));
  }

  @Test
  void eachKeywordNamesWhereAndWhat() {
    assertEquals("at /city: expected a required property; found none", problem("{\"days\":1}"));
    assertEquals(
        "at /city: expected a string of at least 2 characters; found \"P\"",
        problem("{\"city\":\"P\",\"days\":1}"));
    assertEquals(
        "at /city: expected a string matching \"^[A-Z]\"; found \"paris\"",
        problem("{\"city\":\"paris\",\"days\":1}"));
    assertEquals(
        "at /days: expected integer; found 1.5", problem("{\"city\":\"Oslo\",\"days\":1.5}"));
    assertEquals(
        "at /days: expected a number (maximum 14); found 15",
        problem("{\"city\":\"Oslo\",\"days\":15}"));
    assertEquals(
        "at /step: expected a number (multipleOf 0.5); found 0.7",
        problem("{\"city\":\"Oslo\",\"days\":1,\"step\":0.7}"));
    assertEquals(
        "at /mail: expected a string of format email; found \"nobody\"",
        problem("{\"city\":\"Oslo\",\"days\":1,\"mail\":\"nobody\"}"));
    assertEquals(
        "at /unit: expected one of [\"celsius\",\"fahrenheit\",null]; found \"kelvin\"",
        problem("{\"city\":\"Oslo\",\"days\":1,\"unit\":\"kelvin\"}"));
    assertEquals(
        "at /tags/1: expected an item unlike the others; found \"a\"",
        problem("{\"city\":\"Oslo\",\"days\":1,\"tags\":[\"a\",\"a\"]}"));
    assertEquals(
        "at /home/near/name: expected string; found 7",
        problem("{\"city\":\"Oslo\",\"days\":1,\"home\":{\"name\":\"A\",\"near\":{\"name\":7}}}"));
    assertEquals(
        "at /limits/mid: expected one of [\"low\",\"high\"]; found \"mid\"",
        problem("{\"city\":\"Oslo\",\"days\":1,\"limits\":{\"mid\":1}}"));
    assertEquals(
        "at /shape/r: expected a required property; found none",
        problem("{\"city\":\"Oslo\",\"days\":1,\"shape\":{\"kind\":\"circle\"}}"));
    assertEquals(
        "at /town: expected one of the properties [\"city\",\"days\",\"step\",\"mail\",\"unit\","
            + "\"tags\",\"home\",\"limits\",\"shape\"]; found another one",
        problem("{\"city\":\"Oslo\",\"days\":1,\"town\":\"x\"}"));
    assertEquals("at the top: expected object; found [1]", problem("[1]"));
    assertEquals(
        "at /days: expected a number of exponent at most 2000; found 1e999999999",
        problem("{\"city\":\"Oslo\",\"days\":1e999999999}"));
  }

  @Test
  void textThatIsNotOneJsonValueIsAnArgumentErrorSayingWhy() {
    assertThrows(IllegalArgumentException.class, () -> SchemaInstances.check(SCHEMA, "{city:1}"));
    assertThrows(IllegalArgumentException.class, () -> SchemaInstances.check(SCHEMA, "{} {}"));
    assertThrows(IllegalArgumentException.class, () -> SchemaInstances.check(SCHEMA, "  "));
    assertThrows(
        IllegalArgumentException.class,
        () -> SchemaInstances.check(SCHEMA, "{\"a\":1,\"a\":2}")); // a repeated key
  }
}
