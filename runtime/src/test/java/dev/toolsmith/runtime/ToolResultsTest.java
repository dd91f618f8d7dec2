package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.result.ToolResults;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ToolResultsTest {

  @Test
  void error() {
    assertEquals("{\"error\":\"not found\"}", ToolResults.error("not found"));
  }

  @Test
  void errorKeepsNonAsciiAndEscapesWhatJsonRequires() {
    assertEquals(
        "{\"error\":\"Datei «ü» \\\"x\\\"\\n\\u0001 ☀ 𝄞\"}",
        ToolResults.error("Datei «ü» \"x\"\n\u0001 ☀ 𝄞"));
  }

  @Test
  void errorWithExtraFieldsInOrderAndTheMessageWinning() {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("tool", "read_file");
    extra.put("error", "ignored");
    extra.put("retryable", false);
    assertEquals(
        "{\"error\":\"denied\",\"tool\":\"read_file\",\"retryable\":false}",
        ToolResults.error("denied", extra));
  }

  @Test
  void resultWritesNestedValues() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", "ü.txt");
    data.put("lines", 3);
    data.put("size", 12L);
    data.put("ratio", 0.5);
    data.put("big", new BigDecimal("1.10"));
    data.put("huge", new BigInteger("123456789012345678901234567890"));
    data.put("ok", true);
    data.put("none", null);
    data.put("tags", List.of("a", 1, List.of()));
    data.put("meta", Map.of("k", "v"));
    assertEquals(
        "{\"name\":\"ü.txt\",\"lines\":3,\"size\":12,\"ratio\":0.5,\"big\":1.10,"
            + "\"huge\":123456789012345678901234567890,\"ok\":true,\"none\":null,"
            + "\"tags\":[\"a\",1,[]],\"meta\":{\"k\":\"v\"}}",
        ToolResults.result(data));
  }

  @Test
  void otherValuesAreWrittenAsTheirString() {
    Map<String, Object> data = new LinkedHashMap<>();
    java.nio.file.Path path = java.nio.file.Path.of("a", "b"); // Iterable over itself: not a list
    data.put("path", path);
    data.put("counter", new AtomicLong(7));
    data.put("nan", Double.NaN);
    assertEquals(
        "{\"path\":" + ToolResults.json(path.toString()) + ",\"counter\":\"7\",\"nan\":\"NaN\"}",
        ToolResults.result(data));
  }

  @Test
  void singleFieldResultAndPlainValues() {
    assertEquals("{\"count\":42}", ToolResults.result("count", 42));
    assertEquals("[1,\"two\",null]", ToolResults.json(Arrays.asList(1, "two", null)));
    assertEquals("\"é\"", ToolResults.json("é"));
    assertEquals("null", ToolResults.json(null));
  }

  @Test
  void invalidArguments() {
    assertEquals(
        "{\"error\":\"Invalid arguments for tool t\",\"problems\":[]}",
        ToolResults.invalidArguments("t", List.of()));
  }
}
