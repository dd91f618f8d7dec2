package dev.toolsmith.runtime.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ConfigNode;
import dev.toolsmith.runtime.spi.ToolSource;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {

  @TempDir Path dir;

  private static final String FULL =
      String.join(
          "\n",
          "# every section",
          "mcp_servers:",
          "  everything:",
          "    command: npx",
          "    args: [-y, '@modelcontextprotocol/server-everything']",
          "    allow_override: true",
          "plugins:",
          "  directories: [plugins, /opt/toolsmith/plugins]",
          "  enabled: [example, weather]",
          "  disabled: [weather]",
          "  allow_override: [example]",
          "toolsets:",
          "  enabled: [research, time]",
          "  disabled: [math]",
          "  definitions:",
          "    research:",
          "      description: Reading and searching",
          "      tools: [word_count]",
          "      includes: [files, web]",
          "    web: {includes: [research]}",
          "");

  private ToolsmithConfig parse(String yaml) {
    return ToolsmithConfig.parse(yaml, "toolsmith.yaml", dir);
  }

  @Test
  void readsEverySection() {
    ToolsmithConfig config = parse(FULL);

    PluginsConfig plugins = config.plugins();
    assertEquals(
        List.of(dir.resolve("plugins"), Path.of("/opt/toolsmith/plugins")), plugins.directories());
    assertEquals(Optional.of(Set.of("example", "weather")), plugins.enabled());
    assertEquals(Set.of("weather"), plugins.disabled());
    assertEquals(Set.of("example"), plugins.allowOverride());
    assertTrue(plugins.isEnabled("example"));
    assertFalse(plugins.isEnabled("weather"), "disabled wins over enabled");
    assertFalse(plugins.isEnabled("other"), "an enabled list leaves the rest out");

    ToolsetsConfig toolsets = config.toolsets();
    assertEquals(List.of("research", "time"), toolsets.enabled());
    assertEquals(List.of("math"), toolsets.disabled());
    assertEquals(
        Map.of(
            "research",
                new ToolsetDefinition(
                    "research",
                    "Reading and searching",
                    List.of("word_count"),
                    List.of("files", "web")),
            "web", new ToolsetDefinition("web", "", List.of(), List.of("research"))),
        toolsets.definitions());

    ConfigNode server = config.section("mcp_servers").get("everything").orElseThrow();
    assertEquals("npx", server.get("command").orElseThrow().asString());
    assertEquals(
        List.of("-y", "@modelcontextprotocol/server-everything"),
        server.get("args").orElseThrow().asStringList());
    assertEquals(4, server.get("command").orElseThrow().line());
    assertEquals("mcp_servers.everything.args", server.get("args").orElseThrow().path());
  }

  @Test
  void aMissingFileMeansTheDefaults() {
    ToolsmithConfig config = ToolsmithConfig.load(dir.resolve("absent.yaml"));
    assertSame(ToolsmithConfig.defaults(), config);
    assertEquals(List.of("all"), config.toolsets().enabled());
    assertTrue(config.plugins().isEnabled("anything"));
    assertEquals(Map.of(), config.section("mcp_servers").fields());
  }

  @Test
  void aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws IOException {
    Path file = dir.resolve("toolsmith.yaml");
    try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
      sparse.setLength(60L * 1024 * 1024); // 60 MB that cost no disk
    }
    ConfigException e = assertThrows(ConfigException.class, () -> ToolsmithConfig.load(file));
    assertEquals(
        file + ": the file is 62914560 bytes, over the limit of 1048576 (1 MiB)", e.getMessage());

    Files.writeString(file, "toolsets: {disabled: [" + "x".repeat(1024 * 1024 - 25) + "]}\n");
    assertEquals(1024 * 1024, Files.size(file));
    assertEquals(1, ToolsmithConfig.load(file).toolsets().disabled().size(), "the limit is kept");
  }

  @Test
  void aFileThatIsNotRegularIsReadNoFurtherThanTheLimit() {
    ConfigException e =
        assertThrows(ConfigException.class, () -> ToolsmithConfig.load(Path.of("/dev/zero")));
    assertEquals(
        "/dev/zero: the file holds more than 1048576 bytes, over the limit (1 MiB)",
        e.getMessage());
  }

  @Test
  void theYamlParserStopsAtTheSameLimitInCodePoints() {
    String scalar = "é".repeat(1024 * 1024); // 1 Mi code points, 2 MiB of UTF-8
    ConfigException e =
        assertThrows(ConfigException.class, () -> parse("toolsets: {disabled: [" + scalar + "]}"));
    assertTrue(e.getMessage().startsWith("toolsmith.yaml"), e.getMessage());
    assertTrue(e.getMessage().contains("exceeds the limit: 1048576 code points"), e.getMessage());
  }

  @Test
  void aPluginsLoadTimeoutIsSecondsAboveZero() {
    assertEquals(PluginsConfig.DEFAULT_LOAD_TIMEOUT, parse("plugins: {}").plugins().loadTimeout());
    assertEquals(
        Duration.ofMillis(2500), parse("plugins: {load_timeout: 2.5}").plugins().loadTimeout());
    ConfigException zero =
        assertThrows(ConfigException.class, () -> parse("plugins:\n  load_timeout: 0\n"));
    assertEquals(
        "toolsmith.yaml, line 2: plugins.load_timeout must be a number of seconds above 0"
            + " (at most a day); found the number 0",
        zero.getMessage());
  }

  @Test
  void anEmptyFileMeansTheDefaults() {
    ToolsmithConfig config = parse("# nothing yet\n");
    assertEquals(PluginsConfig.DEFAULTS, config.plugins());
    assertEquals(ToolsetsConfig.DEFAULTS, config.toolsets());
  }

  @Test
  void loadResolvesPluginDirectoriesAgainstTheFilesDirectory() throws IOException {
    Path file =
        Files.writeString(dir.resolve("toolsmith.yaml"), "plugins:\n  directories: [../shared]\n");
    assertEquals(
        List.of(dir.getParent().resolve("shared")),
        ToolsmithConfig.load(file).plugins().directories());
  }

  @Test
  void anUnknownSectionNamesTheKeyAndTheLineBeforeAnythingLoads() {
    ToolsmithConfig config = parse("plugins: {}\nmcpservers: {}\n");
    ToolRegistry registry = ToolRegistry.create();
    ConfigException e =
        assertThrows(
            ConfigException.class, () -> discovery(config, sourceOf("mcp_servers")).into(registry));
    assertEquals(
        "toolsmith.yaml, line 2: mcpservers is not a known key; expected one of guards, mcp_servers, "
            + "plugins, toolsets",
        e.getMessage());
    assertEquals(2, e.line());
    assertEquals("mcpservers", e.path());
    assertEquals(List.of(), registry.toolNames());
  }

  @Test
  void aSectionIsKnownOnlyWhenASourceFoundDeclaresIt() {
    ToolsmithConfig config = parse("mcp_servers: {}\n");
    ConfigException e =
        assertThrows(ConfigException.class, () -> discovery(config).into(ToolRegistry.create()));
    assertEquals(
        "toolsmith.yaml, line 1: mcp_servers is not a known key; expected one of guards, plugins, toolsets",
        e.getMessage());
    discovery(config, sourceOf("mcp_servers")).into(ToolRegistry.create()); // declared: accepted
  }

  private static Discovery discovery(ToolsmithConfig config, ToolSource... sources) {
    return Discovery.builder().config(config).sources(List.of(sources)).build();
  }

  /** A source that declares {@code section} and brings no tools. */
  private static ToolSource sourceOf(String section) {
    return new ToolSource() {
      @Override
      public String section() {
        return section;
      }

      @Override
      public void load(ToolSourceContext context) {}
    };
  }

  @Test
  void anUnknownNestedKeyNamesItsPath() {
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () -> parse("toolsets:\n  definitions:\n    research:\n      include: [web]\n"));
    assertEquals(
        "toolsmith.yaml, line 4: toolsets.definitions.research.include is not a known key; "
            + "expected one of description, includes, tools",
        e.getMessage());
  }

  @Test
  void keysMayHoldDots() {
    ConfigNode servers =
        parse("mcp_servers:\n  docs.example.com: {url: 'https://docs.example.com/mcp'}\n")
            .section("mcp_servers");
    ConfigNode server = servers.get("docs.example.com").orElseThrow();
    server.requireKeys(Set.of("url"));
    servers.requireKeys(Set.of("docs.example.com"));
    ConfigException e =
        assertThrows(ConfigException.class, () -> servers.requireKeys(Set.of("docs")));
    assertEquals(
        "toolsmith.yaml, line 2: mcp_servers.docs.example.com is not a known key; expected one of docs",
        e.getMessage());
  }

  @Test
  void aWrongTypeNamesTheKeyTheLineAndWhatWasFound() {
    ConfigException list =
        assertThrows(
            ConfigException.class,
            () -> parse("plugins:\n  directories: [a]\n  enabled: {example: true}\n"));
    assertEquals(
        "toolsmith.yaml, line 3: plugins.enabled must be a list of strings; found a map",
        list.getMessage());

    ConfigException element =
        assertThrows(
            ConfigException.class, () -> parse("plugins:\n  disabled:\n    - legacy\n    - 42\n"));
    assertEquals(
        "toolsmith.yaml, line 4: plugins.disabled[1] must be a string; found the number 42",
        element.getMessage());

    ConfigException section =
        assertThrows(ConfigException.class, () -> parse("mcp_servers: [a, b]\n"));
    assertEquals(
        "toolsmith.yaml, line 1: mcp_servers must be a map; found a list", section.getMessage());
  }

  @Test
  void invalidYamlAndDuplicateKeysAreReportedWithTheirLine() {
    ConfigException syntax =
        assertThrows(
            ConfigException.class, () -> parse("plugins:\n  enabled: [a, b\ntoolsets: {}\n"));
    assertTrue(syntax.getMessage().startsWith("toolsmith.yaml, line "), syntax.getMessage());
    assertTrue(syntax.getMessage().contains("is not valid YAML"), syntax.getMessage());
    assertTrue(syntax.line() > 0);

    ConfigException duplicate =
        assertThrows(
            ConfigException.class, () -> parse("plugins: {}\ntoolsets: {}\nplugins: {}\n"));
    assertEquals(
        "toolsmith.yaml, line 3: plugins appears twice in one map", duplicate.getMessage());
  }

  @Test
  void aliasesTagsAndASecondDocumentAreRefusedAtTheirLine() {
    assertEquals(
        "toolsmith.yaml, line 2: toolsets is an alias (*x), which the configuration does not read;"
            + " write the value out",
        assertThrows(ConfigException.class, () -> parse("plugins: &x {}\ntoolsets: *x\n"))
            .getMessage());
    assertEquals(
        "toolsmith.yaml, line 1: plugins holds an unsupported YAML value (tag !custom)",
        assertThrows(ConfigException.class, () -> parse("plugins: !custom {}\n".replace("{}", "x")))
            .getMessage());
    assertEquals(
        "toolsmith.yaml, line 2: must hold one YAML document; found another",
        assertThrows(ConfigException.class, () -> parse("plugins: {}\n---\ntoolsets: {}\n"))
            .getMessage());
  }

  @Test
  void theDocumentMustBeAMap() {
    ConfigException e = assertThrows(ConfigException.class, () -> parse("- plugins\n"));
    assertEquals(
        "toolsmith.yaml, line 1: the document must be a map of sections; found a list",
        e.getMessage());
  }

  @Test
  void aSourceReadsItsSectionAndReportsItsOwnProblems() {
    ConfigNode servers = parse(FULL).section("mcp_servers");
    ConfigNode command = servers.get("everything").orElseThrow().get("command").orElseThrow();
    ConfigException e = assertThrows(ConfigException.class, command::asBoolean);
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.everything.command must be true or false; "
            + "found the string 'npx'",
        e.getMessage());
    assertEquals(Map.of(), parse("plugins: {}").section("mcp_servers").fields());
  }

  @Test
  void nodesReadNumbersAndStringMaps() {
    ConfigNode server =
        parse(
                "mcp_servers:\n  s:\n    timeout: 2.5\n    retries: 3\n"
                    + "    env: {HOME: /tmp, LANG: C.UTF-8}\n    bad_env: {N: 1}\n")
            .section("mcp_servers")
            .get("s")
            .orElseThrow();
    assertEquals(2.5, server.get("timeout").orElseThrow().asDouble());
    assertEquals(3, server.get("retries").orElseThrow().asInt());
    assertEquals(
        Map.of("HOME", "/tmp", "LANG", "C.UTF-8"), server.get("env").orElseThrow().asStringMap());
    ConfigException notWhole =
        assertThrows(ConfigException.class, () -> server.get("timeout").orElseThrow().asInt());
    assertEquals(
        "toolsmith.yaml, line 3: mcp_servers.s.timeout must be a whole number; found the number 2.5",
        notWhole.getMessage());
    ConfigException notString =
        assertThrows(
            ConfigException.class, () -> server.get("bad_env").orElseThrow().asStringMap());
    assertEquals(
        "toolsmith.yaml, line 6: mcp_servers.s.bad_env.N must be a string; found the number 1",
        notString.getMessage());
  }
}
