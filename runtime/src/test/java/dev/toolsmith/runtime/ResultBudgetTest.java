package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ResultSpill;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultBudgetTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path spill;

  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
  }

  private ToolRegistry registry(int defaultMax) {
    return ToolRegistry.builder()
        .resultBudget(
            ResultBudget.builder()
                .defaultMaxResultChars(defaultMax)
                .previewChars(40)
                .spillDirectory(spill.resolve("results"))
                .build())
        .build();
  }

  private static ToolEntry returning(String name, String result, int maxResultChars) {
    return Fixtures.tool(name, "text")
        .handler((ToolHandler.Sync) (args, context) -> result)
        .maxResultChars(maxResultChars)
        .build();
  }

  /** {@code count} numbered lines of ten characters each, some with non-ASCII. */
  private static String lines(int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append(String.format("line %03d\n", i)).append(i % 2 == 0 ? "é" : "x");
    }
    return text.toString();
  }

  @Test
  void aResultOverBudgetIsSpilledWithAPreview() throws IOException {
    ToolRegistry registry = registry(100);
    String big = lines(30); // 300 characters
    registry.register(returning("dump", big, -1));

    String result = registry.dispatch("dump", "{}");
    JsonNode reply = JSON.readTree(result);

    assertTrue(ToolResults.isTruncated(result), result);
    assertFalse(ToolResults.isError(result), result);
    assertTrue(reply.get("truncated").asBoolean());
    assertEquals("dump", reply.get("tool").asText());
    assertEquals(300, reply.get("chars").asInt());
    assertEquals(100, reply.get("max_chars").asInt());
    Path file = Path.of(reply.get("path").asText());
    assertEquals(spill.resolve("results"), file.getParent());
    assertEquals(
        big, Files.readString(file, StandardCharsets.UTF_8), "the whole result is in the file");
    String preview = reply.get("preview").asText();
    assertTrue(big.startsWith(preview), preview);
    assertTrue(
        preview.length() <= 40 && preview.length() > 20,
        "at most the preview size: " + preview.length());
    assertTrue(preview.endsWith("\n"), "cut at a line break: " + preview);
    assertTrue(reply.get("message").asText().contains("300 characters, over its limit of 100"));
  }

  @Test
  void aResultWithinBudgetIsUntouched() {
    ToolRegistry registry = registry(100);
    String exact = "x".repeat(100);
    registry.register(returning("fits", exact, -1));
    assertEquals(exact, registry.dispatch("fits", "{}"));
  }

  @Test
  void onlyAnObjectThatOpensWithTruncatedTrueReadsAsASpilledResult() {
    assertTrue(ToolResults.isTruncated("{\"truncated\": true, \"tool\": \"t\"}"));
    assertFalse(ToolResults.isTruncated("{\"truncated\":false}"));
    assertFalse(ToolResults.isTruncated("{\"tool\":\"t\",\"truncated\":true}"));
    assertFalse(ToolResults.isTruncated("[{\"truncated\":true}]"));
    assertFalse(ToolResults.isTruncated("{\"truncated\":tru"));
    assertFalse(ToolResults.isTruncated("plain text"));
  }

  @Test
  void aToolsOwnLimitWinsAndUnboundedNeverSpills() throws IOException {
    ToolRegistry registry = registry(100);
    registry.register(returning("small", "y".repeat(50), 10));
    registry.register(returning("huge", "z".repeat(5_000), ResultBudget.UNBOUNDED));

    assertEquals(10, JSON.readTree(registry.dispatch("small", "{}")).get("max_chars").asInt());
    assertEquals("z".repeat(5_000), registry.dispatch("huge", "{}"));
    assertEquals(100, registry.maxResultChars("huge_unknown"));
    assertEquals(10, registry.maxResultChars("small"));
  }

  @Test
  void theDefaultBudgetIsOneHundredThousandCharacters() {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(ResultBudget.builder().spillDirectory(spill).build())
            .build();
    registry.register(returning("at_limit", "a".repeat(100_000), -1));
    registry.register(returning("over", "a".repeat(100_001), -1));
    assertEquals(100_000, registry.dispatch("at_limit", "{}").length());
    assertTrue(registry.dispatch("over", "{}").startsWith("{\"truncated\":true"));
    assertEquals(
        ResultBudget.DEFAULT_MAX_RESULT_CHARS, ResultBudget.defaults().defaultMaxResultChars());
    assertEquals(ResultBudget.defaultSpillDirectory(), ResultBudget.defaults().spillDirectory());
  }

  @Test
  void anErrorMessageIsCutWhateverTheToolsLimit() throws IOException {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(ResultBudget.builder().maxErrorChars(50).spillDirectory(spill).build())
            .build();
    String message = "ö".repeat(500);
    registry.register(
        Fixtures.tool("boom", "text")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new IllegalStateException(message);
                    })
            .maxResultChars(ResultBudget.UNBOUNDED)
            .build());
    registry.register(
        returning(
            "own_error",
            ToolResults.error(message, java.util.Map.of("code", 7)),
            ResultBudget.UNBOUNDED));

    JsonNode thrown = JSON.readTree(registry.dispatch("boom", "{}"));
    assertEquals(
        "Tool execution failed: IllegalStateException: "
            + "ö".repeat(4)
            + ResultBudget.TRUNCATION_MARKER,
        thrown.get("error").asText());

    JsonNode own = JSON.readTree(registry.dispatch("own_error", "{}"));
    assertEquals("ö".repeat(50) + ResultBudget.TRUNCATION_MARKER, own.get("error").asText());
    assertEquals(7, own.get("code").asInt(), "the other fields stay");
  }

  @Test
  void aResultThatIsNotAnErrorIsNeverCutAsOne() {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(ResultBudget.builder().maxErrorChars(10).spillDirectory(spill).build())
            .build();
    String result = ToolResults.result("text", "error ".repeat(20));
    registry.register(returning("words", result, -1));
    assertEquals(result, registry.dispatch("words", "{}"));

    String nested = ToolResults.result("outer", java.util.Map.of("error", "x".repeat(100)));
    registry.register(returning("nested", nested, -1));
    assertEquals(
        nested, registry.dispatch("nested", "{}"), "only a top-level error message is cut");

    String shortError = ToolResults.error("short", java.util.Map.of("log", "y".repeat(100)));
    registry.register(returning("short_error", shortError, -1));
    assertEquals(
        shortError,
        registry.dispatch("short_error", "{}"),
        "a short message stays, whatever else is long");
  }

  @Test
  void whenTheSpillFileCannotBeWrittenThePreviewStillComesBack() throws IOException {
    Path blocked = Files.writeString(spill.resolve("a-file"), "not a directory");
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(
                ResultBudget.builder()
                    .defaultMaxResultChars(100)
                    .previewChars(40)
                    .spillDirectory(blocked.resolve("results"))
                    .build())
            .build();
    registry.register(returning("dump", lines(30), -1));

    JsonNode reply = JSON.readTree(registry.dispatch("dump", "{}"));
    assertTrue(reply.get("truncated").asBoolean());
    assertFalse(reply.has("path"));
    assertNotNull(reply.get("preview"));
    assertTrue(reply.get("message").asText().contains("could not be saved"), reply.toString());
    assertEquals(1, log.warnings().size(), log.warnings().toString());
  }

  @Test
  void aFirstSpillPrunesSpillFilesOlderThanADay() throws IOException {
    Path results = Files.createDirectories(spill.resolve("results"));
    Path old = Files.writeString(results.resolve("old-1.txt"), "old");
    Files.setLastModifiedTime(
        old,
        java.nio.file.attribute.FileTime.from(
            java.time.Instant.now().minus(java.time.Duration.ofHours(25))));
    Path recent = Files.writeString(results.resolve("recent-1.txt"), "recent");
    Path other = Files.writeString(results.resolve("notes.md"), "not a spill file");
    Files.setLastModifiedTime(other, Files.getLastModifiedTime(old));

    ToolRegistry registry = registry(10);
    registry.register(returning("dump", "z".repeat(50), -1));
    registry.dispatch("dump", "{}");

    assertFalse(Files.exists(old));
    assertTrue(Files.exists(recent));
    assertTrue(Files.exists(other), "only .txt spill files are pruned");
  }

  @Test
  void thePreviewNeverSplitsASurrogatePair() {
    String emoji = "😀".repeat(10); // 20 chars
    String preview = ResultSpill.preview(emoji, 5);
    assertEquals("😀😀", preview);
    assertEquals("ab" + ResultBudget.TRUNCATION_MARKER, ErrorMessages.cut("ab😀", 3));
  }
}
