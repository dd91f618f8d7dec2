package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.example.CliTest.Run;
import dev.toolsmith.runtime.search.ToolRankers;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code search}: a ranking for one query, or one JSON array per line of standard input. */
final class SearchCommandTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern RANKED_LINE = Pattern.compile(" ?\\d+  \\S+ +\\d+\\.\\d{4}");

  @TempDir Path temp;

  @Test
  void aQueryPrintsTheAppsToolsRankedWithScores() {
    Run run = CliTest.run("search", "--ranker", "lexical", "--limit", "3", "read a text file");

    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().toList();
    assertTrue(lines.size() >= 1 && lines.size() <= 3, run.out());
    assertTrue(lines.get(0).startsWith(" 1  read_file "), run.out());
    double previous = Double.MAX_VALUE;
    for (String line : lines) {
      assertTrue(RANKED_LINE.matcher(line).matches(), line);
      double score = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      assertTrue(score <= previous, run.out());
      previous = score;
    }
  }

  @Test
  void theDefaultRankerIsHybridBecauseTheEmbeddingsModuleIsOnTheClassPath() {
    assertEquals("hybrid", ToolRankers.preferred().name());
    Run unknown = CliTest.run("search", "--ranker", "telepathic", "x");
    assertEquals(2, unknown.exitCode());
    assertTrue(
        unknown
            .err()
            .contains(
                "--ranker: no ranker called telepathic on the class path;"
                    + " available: hybrid, semantic, lexical"),
        unknown.err());
    assertEquals(2, CliTest.run("search", "--limit", "0", "x").exitCode());
  }

  @Test
  void aQueryNothingMatchesSaysSoAndExitsWith1() {
    assertEquals(
        new Run(1, "No tool matches.\n", ""), CliTest.run("search", "--ranker", "lexical", "zzqx"));
  }

  @Test
  void standardInputOnTheRealCatalogGivesOneArrayPerLineWithTheLabelsFound() throws Exception {
    Path catalog = shared("catalog/tools.jsonl");
    List<JsonNode> queries = new ArrayList<>();
    for (String line : Files.readAllLines(shared("queries/dev.jsonl"))) {
      queries.add(MAPPER.readTree(line));
    }
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    for (JsonNode query : queries) {
      input.write((query.path("query").asText() + "\n").getBytes(StandardCharsets.UTF_8));
    }
    // Odd lines: blank, CRLF, NUL and control characters, bytes that are not UTF-8, a lone
    // surrogate's bytes, JSON, a line far over the query limit, and a last line without its end.
    input.write("\n   \r\nread\u0000\u0007 file\r\n".getBytes(StandardCharsets.UTF_8));
    input.write(new byte[] {(byte) 0xff, (byte) 0xfe, 'g', 'i', 't', '\n'});
    input.write(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80, '\n'});
    input.write("{\"query\":[1,2]} \uD83D\uDE00 ~!@#$%^&*()\n".getBytes(StandardCharsets.UTF_8));
    input.write(("commit ".repeat(50_000) + "\n").getBytes(StandardCharsets.UTF_8));
    input.write("list issues".getBytes(StandardCharsets.UTF_8));

    Run run =
        withStdin(input.toByteArray(), "search", "--catalog", catalog.toString(), "--limit", "5");

    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().toList();
    assertEquals(queries.size() + 8, lines.size(), run.out());
    int found = 0;
    for (int i = 0; i < queries.size(); i++) {
      JsonNode array = MAPPER.readTree(lines.get(i));
      assertTrue(array.isArray() && array.size() <= 5, lines.get(i));
      List<String> names = new ArrayList<>();
      array.forEach(name -> names.add(name.asText()));
      boolean hit = false;
      for (JsonNode label : queries.get(i).path("labels")) {
        hit |= names.contains(label.asText());
      }
      found += hit ? 1 : 0;
    }
    // The default (hybrid) ranker finds a label in the first five for 0.81 of the dev queries.
    assertTrue(found >= queries.size() * 3 / 4, found + " of " + queries.size());
    assertEquals("[]", lines.get(queries.size()));
    assertEquals("[]", lines.get(queries.size() + 1));
    for (String line : lines.subList(queries.size() + 2, lines.size())) {
      assertTrue(MAPPER.readTree(line).isArray(), line);
    }
    assertTrue(lines.get(queries.size() + 2).contains("read_file"), lines.get(queries.size() + 2));
  }

  @Test
  void eachAnswerIsFlushedBeforeTheNextQueryIsRead() throws Exception {
    Process process =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    Toolsmith.class.getName(),
                    "search",
                    "--ranker",
                    "lexical"))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (OutputStream in = process.getOutputStream();
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      in.write("compute a checksum of a file\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
      String first = out.readLine(); // stdin is still open: only a flush gets this line out
      assertTrue(first != null && first.startsWith("[\"file_checksum\""), first);
      in.write("\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
      assertEquals("[]", out.readLine());
    } finally {
      assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    }
    assertEquals(0, process.exitValue());
  }

  @Test
  void aBadCatalogLineGivesOneErrorNamingTheLine() throws IOException {
    String good =
        "{\"id\":\"git__status\",\"toolset\":\"git\",\"description\":\"Working tree status\","
            + "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"repo\":{\"type\":\"string\"}}}}";
    assertCatalogError(good + "\n\nnot json\n", "line 3: not JSON: ");
    assertCatalogError(good + "\n[1]\n", "line 2: not a JSON object");
    assertCatalogError(
        good + "\n{\"toolset\":\"git\"}\n", "line 2: \"id\" must be a non-empty string");
    assertCatalogError(
        good + "\n" + good + "\n", "line 2: duplicate id git__status (first on line 1)");
    assertCatalogError(
        "{\"id\":\"a\",\"description\":7}\n", "line 1: \"description\" must be a string");
    assertCatalogError(
        "{\"id\":\"a\",\"inputSchema\":\"x\"}\n", "line 1: \"inputSchema\" must be an object");
    assertCatalogError("{\"id\":\"a\"} {\"id\":\"b\"}\n", "line 1: not JSON: ");
    Path binary = temp.resolve("binary.jsonl");
    Files.write(binary, (good + "\n").getBytes(StandardCharsets.UTF_8));
    Files.write(
        binary,
        new byte[] {'{', (byte) 0xc3, (byte) 0x28, '}', '\n'},
        java.nio.file.StandardOpenOption.APPEND);
    assertCatalogError(binary, "line 2: not UTF-8 text");
    Run missing = CliTest.run("search", "--catalog", temp.resolve("nope.jsonl").toString(), "x");
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().endsWith("nope.jsonl: no such file\n"), missing.err());

    Path file = temp.resolve("good.jsonl");
    Files.writeString(file, good + "\n");
    Run run = CliTest.run("search", "--catalog", file.toString(), "--ranker", "lexical", "status");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith(" 1  git__status  "), run.out());
  }

  private void assertCatalogError(String text, String expected) throws IOException {
    Path file = Files.createTempFile(temp, "catalog", ".jsonl");
    Files.writeString(file, text);
    assertCatalogError(file, expected);
  }

  private static void assertCatalogError(Path file, String expected) {
    Run run = CliTest.run("search", "--catalog", file.toString(), "--ranker", "lexical", "x");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("search: --catalog: " + file + " " + expected), run.err());
    assertEquals(1, run.err().lines().count(), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
  }

  private static Run withStdin(byte[] input, String... args) {
    InputStream stdin = System.in;
    try {
      System.setIn(new java.io.ByteArrayInputStream(input));
      return CliTest.run(args);
    } finally {
      System.setIn(stdin);
    }
  }

  /** A file of the shared tool search data, found upward from the working directory. */
  private static Path shared(String path) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared/toolsearch").resolve(path);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    assumeTrue(false, "no shared/toolsearch/" + path + " above the working directory");
    throw new AssertionError();
  }
}
