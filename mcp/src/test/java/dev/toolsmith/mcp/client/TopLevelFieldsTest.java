package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The top-level id and method of a message too long to parse, read byte by byte. */
final class TopLevelFieldsTest {

  private static TopLevelFields read(String json) {
    TopLevelFields fields = new TopLevelFields();
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i += 3) { // fed in pieces, as lines arrive
      fields.feed(bytes, i, Math.min(3, bytes.length - i));
    }
    return fields;
  }

  @Test
  void theIdIsFoundBeforeOrAfterTheResultAndNestedIdsAreIgnored() {
    assertEquals("a-1", read("{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"result\":{\"id\":9}}").id());
    assertEquals(
        "a-2",
        read("{\"result\":{\"id\":\"no\",\"text\":\"\\\"id\\\":\\\"x\\\"\"},\"id\":\"a-2\"}").id());
    assertEquals(42, read("{\"id\" : 42 ,\"result\":[1,{\"id\":7}]}").id());
    assertEquals("q\"1", read("{\"id\":\"q\\\"1\",\"result\":{}}").id());
    assertEquals(12345678901L, read("{\"result\":{},\"id\":12345678901}").id());
  }

  @Test
  void noIdAndMethodsAreTold() {
    assertNull(read("{\"result\":{\"id\":1}}").id());
    assertNull(read("not json \"id\": 5").id());
    assertNull(read("{\"id\":1.5,\"result\":{}}").id());
    TopLevelFields request = read("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"sampling\"}");
    assertTrue(request.hasMethod());
    assertFalse(read("{\"id\":3,\"result\":{\"method\":\"x\"}}").hasMethod());
  }
}
