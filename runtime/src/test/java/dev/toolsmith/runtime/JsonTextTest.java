package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JsonTextTest {

  private static String jackson(String value) {
    return JsonCore.write(g -> g.writeString(value));
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
