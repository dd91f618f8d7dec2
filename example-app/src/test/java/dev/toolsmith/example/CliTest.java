package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user runs it: output and exit codes of each command. */
final class CliTest {

  /** What one run printed and returned. */
  record Run(int exitCode, String out, String err) {}

  @TempDir Path temp;

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = Toolsmith.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(exitCode, out.toString(), err.toString());
  }

  @Test
  void callOfAnUnknownToolPrintsExactlyTheErrorAndExitsWith1() {
    Run run = run("call", "nope", "{}");
    assertEquals(new Run(1, "{\"error\":\"Unknown tool: nope\"}\n", ""), run);
  }

  @Test
  void callPrintsTheResultAndExitsWith0() {
    Run run = run("call", "calculate", "{\"expression\":\"2^10 - 24\"}");
    assertEquals(new Run(0, "{\"expression\":\"2^10 - 24\",\"value\":1000.0}\n", ""), run);
  }

  @Test
  void callExitsWith1WhenTheToolFailsOrTheArgumentsAreInvalid() {
    Run failed = run("call", "calculate", "{\"expression\":\"1/0\"}");
    assertEquals(1, failed.exitCode());
    assertTrue(
        failed
            .out()
            .startsWith(
                "{\"error\":\"Tool execution failed: IllegalArgumentException: division by zero"),
        failed.out());
    Run invalid = run("call", "calculate", "{\"expression\":7}");
    assertEquals(1, invalid.exitCode());
    assertTrue(
        invalid.out().startsWith("{\"error\":\"Invalid arguments for tool calculate\""),
        invalid.out());
  }

  @Test
  void callReadsFilesFromTheGivenWorkspaceOnly() throws IOException {
    Path root = Files.createDirectories(temp.resolve("root"));
    Files.writeString(root.resolve("a.txt"), "alpha\nbeta\n");
    Files.writeString(temp.resolve("secret.txt"), "secret");
    assertEquals(
        new Run(0, "alpha\n", ""),
        run(
            "--workspace",
            root.toString(),
            "call",
            "read_file",
            "{\"path\":\"a.txt\",\"maxLines\":1}"));
    Run escape =
        run("--workspace", root.toString(), "call", "read_file", "{\"path\":\"../secret.txt\"}");
    assertEquals(1, escape.exitCode());
    assertTrue(escape.out().contains("OutsideWorkspaceException"), escape.out());
  }

  @Test
  void usageErrorsExitWith2() {
    Run noTool = run("call");
    assertEquals(2, noTool.exitCode());
    assertTrue(noTool.err().contains("Missing required parameter: 'TOOL'"), noTool.err());
    assertEquals(2, run().exitCode());
    assertEquals(2, run("frobnicate").exitCode());
    assertEquals(2, run("definitions", "--format", "klingon").exitCode());
    Run badWorkspace = run("--workspace", temp.resolve("missing").toString(), "list");
    assertEquals(2, badWorkspace.exitCode());
    assertTrue(badWorkspace.err().contains("--workspace: no such directory"), badWorkspace.err());
  }

  @Test
  void listShowsOneLinePerToolWithToolsetEmojiAndAvailability() {
    Run run = run("list");
    assertEquals(0, run.exitCode());
    List<String> lines = run.out().lines().toList();
    assertEquals(
        RegistryEndToEndTest.ALL_TOOLS, lines.stream().map(line -> line.split(" +")[0]).toList());
    assertEquals("calculate       math     🧮  available", lines.get(0));
    String signing = lines.get(RegistryEndToEndTest.ALL_TOOLS.indexOf("hmac_sign"));
    if (new SigningTools.KeyPresent().getAsBoolean()) {
      assertTrue(signing.endsWith("🔏  available"), signing);
    } else {
      assertEquals(
          "hmac_sign       signing  🔏  unavailable (TOOLSMITH_SIGNING_KEY not set; check returned false)",
          signing);
    }
  }

  @Test
  void definitionsPrintTheArrayTheModelReceives() {
    ToolRegistry registry = Toolsmith.registry(workspace());
    String expected = registry.definitions(registry.toolNames()) + "\n";
    assertEquals(new Run(0, expected, ""), run("definitions"));
    assertEquals(new Run(0, expected, ""), run("definitions", "--format", "openai"));
    assertTrue(expected.startsWith("[{\"type\":\"function\",\"function\":{"), expected);
    Run pretty = run("definitions", "--pretty");
    assertTrue(pretty.out().startsWith("[ {\n"), pretty.out());
  }

  @Test
  void demoReplaysAScriptedTurnWithAnInvalidCallTheModelCorrects() {
    Run run = run("demo");
    assertEquals(0, run.exitCode(), run.err());
    String out = run.out();
    assertTrue(out.contains("1. The application sends the model"), out);
    assertTrue(out.contains("call_2 read_file {\"path\":\"notes/todo.md\",\"maxLines\":0}"), out);
    assertTrue(
        out.contains(
            "!! {\"error\":\"Invalid arguments for tool read_file\",\"problems\":[{\"path\":\"/maxLines\""),
        out);
    assertTrue(out.contains("=> # Offsite"), out);
    assertTrue(out.contains("climbs out of the workspace root"), out);
    assertTrue(out.contains("\"value\":397.8"), out);
    assertTrue(out.contains("\"dateTime\":\"2026-12-03T17:30:00+09:00\""), out);
    assertTrue(out.contains("\"matches\":[\"maria\",\"tom\"]"), out);
    assertTrue(out.contains("4. 10 calls dispatched: 8 results, 2 errors"), out);
    assertTrue(out.contains("   > Two items are left"), out);
  }

  private static Workspace workspace() {
    try {
      return Workspace.of(Path.of("."));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
