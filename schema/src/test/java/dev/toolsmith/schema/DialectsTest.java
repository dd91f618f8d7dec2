package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The dialects read a schema as the runtime reads arguments: a repeated key and a document past
 * {@link JsonLimits} are refused with one clear exception, never a stack overflow.
 */
final class DialectsTest {

  private static final String POINT =
      "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"},"
          + "\"label\":{\"type\":\"string\",\"format\":\"email\"}},\"required\":[\"x\"]}";

  @Test
  void bothDialectsOfAnOrdinarySchema() {
    assertEquals(
        "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"},"
            + "\"label\":{\"type\":[\"string\",\"null\"],\"format\":\"email\"}},\"required\":[\"x\",\"label\"],"
            + "\"additionalProperties\":false}",
        Dialects.openAiStrict(POINT).orElseThrow());
    String gemini = Dialects.gemini(POINT);
    assertTrue(gemini.startsWith("{\"type\":\"object\",\"properties\":{"), gemini);
  }

  @Test
  void noVariantWhereTheProviderHasNone() {
    String map =
        "{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"object\","
            + "\"additionalProperties\":{\"type\":\"string\"}}}}";
    assertEquals(Optional.empty(), Dialects.openAiStrict(map));
    assertEquals("", Dialects.gemini("{\"type\":\"object\",\"properties\":{}}"));
  }

  @Test
  void repeatedKeysAndDocumentsPastTheLimitsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Dialects.gemini("{\"a\":1,\"a\":2}"));
    assertThrows(IllegalArgumentException.class, () -> Dialects.openAiStrict("{\"type\":"));
    String deep =
        "{\"type\":\"object\",\"properties\":{\"x\":".repeat(JsonLimits.MAX_NESTING_DEPTH)
            + "{}"
            + "}}".repeat(JsonLimits.MAX_NESTING_DEPTH);
    IllegalArgumentException tooDeep =
        assertThrows(IllegalArgumentException.class, () -> Dialects.gemini(deep));
    assertTrue(tooDeep.getMessage().contains("nesting depth"), tooDeep.getMessage());
  }
}
