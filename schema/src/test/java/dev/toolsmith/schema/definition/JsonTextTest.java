package dev.toolsmith.schema.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class JsonTextTest {

  private static String jackson(String value) {
    StringWriter out = new StringWriter();
    try (JsonGenerator generator = new JsonFactory().createGenerator(out)) {
      generator.writeString(value);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return out.toString();
  }

  @Test
  void escapesEveryCharacterAsTheGeneratorDoes() {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < Character.MAX_VALUE; c++) {
      all.append(c); // lone surrogates included: both write them as they are
      if (all.length() == 512) {
        assertEquals(
            jackson(all.toString()),
            JsonText.string(new StringBuilder(), all.toString()).toString());
        all.setLength(0);
      }
    }
    assertEquals(
        jackson(all.toString()), JsonText.string(new StringBuilder(), all.toString()).toString());
  }

  @Test
  void appendsAfterWhatIsThere() {
    String value = "a\"b\\c\nd\u0000é😀";
    assertEquals("x" + jackson(value), JsonText.string(new StringBuilder("x"), value).toString());
    assertEquals("\"\"", JsonText.string(new StringBuilder(), "").toString());
  }
}
