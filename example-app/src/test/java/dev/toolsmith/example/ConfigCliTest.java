package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.example.CliTest.Run;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --config}: the example plugin the reactor builds, loaded from its plugin directory in its
 * own class loader, a broken plugin next to it, and toolset selection.
 */
final class ConfigCliTest {

  @TempDir Path temp;

  /** The example plugin's jar, as the example-plugin module built it. */
  private static Path pluginJar() throws IOException {
    Path directory = Path.of(System.getProperty("toolsmith.examplePlugins"));
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(directory, "*.jar")) {
      return jars.iterator().next();
    }
  }

  @Test
  void theShippedConfigLoadsTheExamplePlugin() {
    Run run = CliTest.run("list", "--config", System.getProperty("toolsmith.exampleConfig"));
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().toList();
    assertTrue(lines.contains("convert_units   units    📏  available  [plugin units]"), run.out());
    assertTrue(
        lines.stream()
            .anyMatch(
                line ->
                    line.startsWith("  plugin units: loaded 2 tool(s) from ")
                        && line.endsWith(".jar")),
        run.out());
    assertEquals(
        new Run(
            0, "{\"value\":0.9144,\"unit\":\"METRE\",\"text\":\"3 foot = 0.9144 metre\"}\n", ""),
        CliTest.run(
            "call",
            "--config",
            System.getProperty("toolsmith.exampleConfig"),
            "convert_units",
            "{\"value\":3,\"from\":\"FOOT\",\"to\":\"METRE\"}"));
  }

  @Test
  void aBrokenPluginIsListedWithItsReasonAndTheOthersStillLoad() throws IOException {
    Path plugins = Files.createDirectories(temp.resolve("plugins"));
    Files.copy(pluginJar(), plugins.resolve("units.jar"));
    Files.writeString(plugins.resolve("broken.jar"), "not a zip");
    Path config =
        Files.writeString(temp.resolve("toolsmith.yaml"), "plugins:\n  directories: [plugins]\n");

    Run run = CliTest.run("list", "--config", config.toString());

    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("\nSources (" + config + "):\n"), run.out());
    assertTrue(
        run.out()
            .contains(
                "  plugin broken: FAILED: "
                    + plugins.resolve("broken.jar")
                    + " is not a readable jar: ZipException"),
        run.out());
    assertTrue(
        run.out().contains("  plugin units: loaded 2 tool(s) from " + plugins.resolve("units.jar")),
        run.out());
  }

  @Test
  void toolsetsSelectAndDisableToolsetsTakeAway() throws IOException {
    String config = System.getProperty("toolsmith.exampleConfig");
    Run everyday =
        CliTest.run(
            "list", "--config", config, "--toolsets", "everyday", "--disable-toolsets", "math");
    List<String> names =
        everyday
            .out()
            .lines()
            .takeWhile(line -> !line.isEmpty())
            .map(line -> line.split(" +")[0])
            .toList();
    assertEquals(List.of("convert_time", "convert_units", "list_units", "now"), names);

    Run definitions = CliTest.run("definitions", "--config", config, "--toolsets", "units,time");
    assertEquals(0, definitions.exitCode(), definitions.err());
    List<String> defined = new ArrayList<>();
    new ObjectMapper()
        .readTree(definitions.out())
        .forEach(d -> defined.add(d.get("function").get("name").asText()));
    assertEquals(List.of("convert_time", "convert_units", "list_units", "now"), defined);
  }

  @Test
  void aConfigErrorIsAUsageErrorNamingTheKeyAndTheLine() throws IOException {
    Path config =
        Files.writeString(temp.resolve("toolsmith.yaml"), "plugins:\n  directories: plugins\n");
    Run run = CliTest.run("list", "--config", config.toString());
    assertEquals(2, run.exitCode());
    assertTrue(
        run.err()
            .startsWith(
                "--config: "
                    + config
                    + ", line 2: plugins.directories must be a list of "
                    + "strings; found the string 'plugins'"),
        run.err());
    Run missing = CliTest.run("list", "--config", temp.resolve("absent.yaml").toString());
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().startsWith("--config: no such file: "), missing.err());
  }

  @Test
  void aSectionNoSourceDeclaresIsAUsageErrorNamingTheKeyAndTheLine() throws IOException {
    // mcp_servers is the MCP module's section, known because its source is on the class path
    Path config =
        Files.writeString(temp.resolve("toolsmith.yaml"), "mcp_servers: {}\nmcpservers: {}\n");
    Run run = CliTest.run("list", "--config", config.toString());
    assertEquals(2, run.exitCode(), run.out());
    assertEquals(
        "--config: "
            + config
            + ", line 2: mcpservers is not a known key; expected one of guards, mcp_servers, plugins,"
            + " toolsets",
        run.err().lines().findFirst().orElse(""),
        run.err());
  }

  @Test
  void aConfigThatNeverEndsIsReadUpToTheLimitAndRefused() {
    Run run = CliTest.run("list", "--config", "/dev/zero");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(
        "--config: /dev/zero: the file holds more than 1048576 bytes, over the limit (1 MiB)",
        run.err().lines().findFirst().get());
  }

  @Test
  void aConfigWithA60MegabyteScalarExits2AtASmallHeapNotOutOfMemory() throws Exception {
    Path config = temp.resolve("toolsmith.yaml");
    try (Writer out = Files.newBufferedWriter(config)) {
      out.write("toolsets:\n  disabled: [");
      char[] chunk = new char[1024 * 1024];
      Arrays.fill(chunk, 'x');
      for (int i = 0; i < 60; i++) {
        out.write(chunk);
      }
      out.write("]\n");
    }
    Process process =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx128m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Toolsmith.class.getName(),
                    "list",
                    "--config",
                    config.toString()))
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertEquals(2, process.exitValue(), output);
    assertEquals(
        "--config: " + config + ": the file is 62914585 bytes, over the limit of 1048576 (1 MiB)",
        output.lines().findFirst().get());
    assertFalse(output.contains("OutOfMemoryError"), output);
  }
}
