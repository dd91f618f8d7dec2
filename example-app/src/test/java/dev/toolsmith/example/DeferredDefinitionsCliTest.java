package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.anthropic.models.messages.ToolUnion;
import com.fasterxml.jackson.core.type.TypeReference;
import com.openai.models.responses.Tool;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code definitions --deferred [FORMAT]}: what a deferred listing sends, and its size. */
final class DeferredDefinitionsCliTest {

  private static final Pattern SIZE =
      Pattern.compile(
          "deferred (\\S+) listing: (\\d+) chars, (\\d+) tokens \\(o200k_base\\); (\\d+) loaded,"
              + " (\\d+) behind the search; full listing: (\\d+) chars, (\\d+) tokens\\n");

  private static Matcher size(CliTest.Run run) {
    Matcher m = SIZE.matcher(run.err().lines().findFirst().orElse("") + "\n");
    assertTrue(m.matches(), run.err());
    assertEquals(run.out().strip().length(), Integer.parseInt(m.group(2)));
    assertTrue(Long.parseLong(m.group(3)) > 0 && Long.parseLong(m.group(7)) > 0, run.err());
    return m;
  }

  @Test
  void anthropicDeferredListingParsesAsTheSdksToolsAndSaysItsSize() throws Exception {
    CliTest.Run run = CliTest.run("definitions", "--deferred", "anthropic", "--toolsets", "time");
    assertEquals(0, run.exitCode(), run.err());
    List<ToolUnion> tools =
        com.anthropic.core.ObjectMappers.jsonMapper()
            .readValue(run.out(), new TypeReference<List<ToolUnion>>() {});
    assertEquals("search_tools", tools.get(tools.size() - 1).asTool().name());
    tools
        .subList(0, tools.size() - 1)
        .forEach(t -> assertTrue(t.asTool().deferLoading().orElseThrow()));
    Matcher m = size(run);
    assertEquals("anthropic", m.group(1));
    assertEquals(tools.size() - 1, Integer.parseInt(m.group(5)));
  }

  @Test
  void withoutAValueTheFormatOptionChoosesAndHostedSearchIsTheProvidersTool() throws Exception {
    CliTest.Run run =
        CliTest.run(
            "definitions",
            "--format",
            "openai-responses",
            "--deferred",
            "--search",
            "hosted",
            "--toolsets",
            "math,time");
    assertEquals(0, run.exitCode(), run.err());
    List<Tool> tools =
        com.openai.core.ObjectMappers.jsonMapper()
            .readValue(run.out(), new TypeReference<List<Tool>>() {});
    assertTrue(tools.get(0).isNamespace(), run.out());
    assertTrue(tools.get(tools.size() - 1).asSearch().execution().isEmpty());
    assertEquals("openai-responses", size(run).group(1));
  }

  @Test
  void aPortableListingIsOnlyTheSearchFunctionAndSmallerThanTheAppsFullListing() throws Exception {
    CliTest.Run run = CliTest.run("definitions", "--deferred", "gemini");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(
        "search_tools",
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(run.out())
            .get(0)
            .path("name")
            .asText());
    Matcher m = size(run);
    assertEquals("0", m.group(4));
    // A few tools cost less in full than the search tool does; the app's whole set does not.
    assertTrue(Long.parseLong(m.group(3)) * 4 < Long.parseLong(m.group(7)), run.err());
  }

  @Test
  void badValuesAreOneLineUsageErrors() {
    CliTest.Run format = CliTest.run("definitions", "--deferred", "cohere");
    assertEquals(2, format.exitCode());
    assertTrue(
        format.err().startsWith("definitions: --deferred: unknown definition format"),
        format.err());
    assertEquals(1, format.err().strip().lines().count(), format.err());
    CliTest.Run mode = CliTest.run("definitions", "--deferred", "--search", "remote");
    assertEquals(2, mode.exitCode());
    assertTrue(mode.err().contains("expected client, hosted or hosted-regex"), mode.err());
  }

  @Test
  void aToolsetDeferringTenToolsIsAWarningOnStandardError(@TempDir Path temp) throws Exception {
    Path plugins = Files.createDirectories(temp.resolve("plugins"));
    String index = CrowdedToolsetIndex.class.getName();
    try (JarOutputStream jar =
        new JarOutputStream(Files.newOutputStream(plugins.resolve("crm.jar")))) {
      jar.putNextEntry(new JarEntry(index.replace('.', '/') + ".class"));
      try (InputStream in =
          CrowdedToolsetIndex.class.getResourceAsStream("CrowdedToolsetIndex.class")) {
        in.transferTo(jar);
      }
      jar.putNextEntry(new JarEntry("META-INF/services/dev.toolsmith.runtime.spi.ToolIndex"));
      jar.write((index + "\n").getBytes(StandardCharsets.UTF_8));
    }
    Path config =
        Files.writeString(temp.resolve("toolsmith.yaml"), "plugins:\n  directories: [plugins]\n");
    String warning =
        "warning: toolset crm defers 10 tools; OpenAI advises fewer than 10 functions per"
            + " namespace, and openai-responses lists each toolset's deferred tools as one"
            + " namespace: split the toolset, or keep some tools loaded";

    CliTest.Run run =
        CliTest.run("definitions", "--deferred", "openai-responses", "--config", config.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(List.of(warning), run.err().lines().filter(l -> l.startsWith("warning")).toList());
    CliTest.Run quiet = CliTest.run("definitions", "--deferred", "openai-responses");
    assertEquals(0, quiet.exitCode(), quiet.err());
    assertFalse(quiet.err().contains("warning"), quiet.err());
  }
}
