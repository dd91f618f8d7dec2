package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.guard.ApprovalGuard;
import dev.toolsmith.runtime.guard.CallBudget;
import dev.toolsmith.runtime.guard.LoopGuard;
import dev.toolsmith.runtime.guard.ToolGuard;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ConfigNode;
import dev.toolsmith.runtime.spi.ToolSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The contents of {@code toolsmith.yaml}: {@code plugins}, {@code toolsets}, and one section per
 * {@link ToolSource}, handed as it is to the source that declares it (the MCP module's {@code
 * mcp_servers}). Immutable.
 *
 * <pre>{@code
 * mcp_servers:            # declared and read by the MCP module
 *   everything: {command: npx, args: [...], allow_override: false}
 * plugins:
 *   directories: [plugins]          # relative to the file's directory
 *   enabled: [example]              # optional: only these load
 *   disabled: [legacy]              # never load; wins over enabled
 *   allow_override: [example]       # may replace tools of earlier phases
 *   load_timeout: 10                # seconds one plugin may take to load
 * guards:                # off unless named; each guard named runs, in this order
 *   budgets: {per_tool: 40, per_session: 150}
 *   loop: {times: 3}                # the third identical call is refused
 *   approval: {destructive: true, tools: [deploy], toolsets: [admin], origins: [mcp_servers.github]}
 *   deadlines: {default: 30, toolsets: {web: 10}, tools: {report: 120}}   # seconds
 * toolsets:
 *   enabled: [all]
 *   disabled: [math]
 *   definitions:
 *     research: {description: Reading and searching, tools: [word_count], includes: [files, web]}
 * }</pre>
 *
 * <p>An unknown key or a value of the wrong type is a {@link ConfigException} naming the key and
 * the line; a missing file means the defaults. A top-level key that is neither {@code plugins},
 * {@code toolsets}, {@code guards} nor the section of a source found is reported so when {@link
 * Discovery} runs, before anything loads: only then are the sources known.
 */
public final class ToolsmithConfig {

  /** The conventional file name. */
  public static final String FILE_NAME = "toolsmith.yaml";

  /**
   * The largest configuration file {@link #load} reads, in bytes, and the most code points the YAML
   * parser takes from any text: 1 MiB, far beyond any real configuration, small enough for any
   * heap.
   */
  public static final int MAX_FILE_BYTES = 1024 * 1024;

  /** The sections the runtime reads itself; the others belong to sources. */
  private static final Set<String> CORE_SECTIONS = Set.of("plugins", "toolsets", "guards");

  private static final Set<String> PLUGIN_KEYS =
      Set.of("directories", "enabled", "disabled", "allow_override", "load_timeout");
  private static final Set<String> TOOLSET_KEYS = Set.of("enabled", "disabled", "definitions");
  private static final Set<String> DEFINITION_KEYS = Set.of("description", "tools", "includes");
  private static final Set<String> GUARD_KEYS = Set.of("approval", "budgets", "loop", "deadlines");
  private static final Set<String> APPROVAL_KEYS =
      Set.of("destructive", "tools", "toolsets", "origins");
  private static final Set<String> BUDGET_KEYS = Set.of("per_tool", "per_session");
  private static final Set<String> LOOP_KEYS = Set.of("times");
  private static final Set<String> DEADLINE_KEYS = Set.of("default", "toolsets", "tools");

  private static final ToolsmithConfig DEFAULTS =
      new ToolsmithConfig(
          "<defaults>",
          ConfigNode.emptyMap("<defaults>", ""),
          PluginsConfig.DEFAULTS,
          ToolsetsConfig.DEFAULTS,
          GuardsConfig.NONE);

  private final String source;
  private final ConfigNode root;
  private final PluginsConfig plugins;
  private final ToolsetsConfig toolsets;
  private final GuardsConfig guards;

  private ToolsmithConfig(
      String source,
      ConfigNode root,
      PluginsConfig plugins,
      ToolsetsConfig toolsets,
      GuardsConfig guards) {
    this.source = source;
    this.root = root;
    this.plugins = plugins;
    this.toolsets = toolsets;
    this.guards = guards;
  }

  /** No MCP servers, no plugin directories, every class-path plugin and every tool enabled. */
  public static ToolsmithConfig defaults() {
    return DEFAULTS;
  }

  /**
   * Reads {@code file}; a file that does not exist gives the {@linkplain #defaults() defaults}.
   * Relative plugin directories are resolved against the file's directory. A configuration is as
   * trusted as the program (its MCP servers' commands run, its plugins' classes load): a file or
   * directory writable by other users is logged as a warning.
   *
   * @throws ConfigException when the file is over {@link #MAX_FILE_BYTES}, is not valid YAML or
   *     breaks the format
   * @throws UncheckedIOException when the file exists but cannot be read
   */
  public static ToolsmithConfig load(Path file) {
    requireNonNull(file, "file == null");
    String text;
    try {
      text = read(file);
    } catch (NoSuchFileException e) {
      return DEFAULTS;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file, e);
    }
    // A file that was read is not the root directory: it has a parent.
    Path base = requireNonNull(file.toAbsolutePath().getParent());
    // Whoever can change the file (or replace it in its directory) can start programs through it.
    TrustWarnings.checkNotWritableByOthers(file, "Configuration file");
    TrustWarnings.checkNotWritableByOthers(base, "The directory of configuration file");
    return parse(text, file.toString(), base);
  }

  /**
   * The file's text, refused over {@link #MAX_FILE_BYTES}: a regular file's size is known before it
   * is read; anything else (a pipe, a device such as {@code /dev/zero}) is read no further than one
   * byte past the limit, and within {@link #READ_TIMEOUT_SECONDS} (opening a named pipe waits for a
   * writer, which may never come).
   */
  private static String read(Path file) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
    if (attributes.isRegularFile() && attributes.size() > MAX_FILE_BYTES) {
      throw tooLarge(
          file, "is " + attributes.size() + " bytes, over the limit of " + MAX_FILE_BYTES);
    }
    byte[] bytes = attributes.isRegularFile() ? readLimited(file) : readWithin(file);
    if (bytes.length > MAX_FILE_BYTES) {
      throw tooLarge(file, "holds more than " + MAX_FILE_BYTES + " bytes, over the limit");
    }
    // Malformed UTF-8 is an error (MalformedInputException), as with Files.readString.
    return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
  }

  /** How long a configuration that is not a regular file may take to read, in seconds. */
  public static final int READ_TIMEOUT_SECONDS = 10;

  private static byte[] readLimited(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(MAX_FILE_BYTES + 1);
    }
  }

  /** {@link #readLimited} on a thread of its own, given up on after the read timeout. */
  private static byte[] readWithin(Path file) throws IOException {
    FutureTask<byte[]> reading = new FutureTask<>(() -> readLimited(file));
    Thread reader = new Thread(reading, "toolsmith-config-read");
    reader.setDaemon(true); // a pipe nobody opens keeps it blocked: it must not keep the JVM up
    reader.start();
    try {
      return reading.get(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      reader.interrupt();
      throw new ConfigException(
          file.toString(),
          0,
          "",
          "the file could not be read within "
              + READ_TIMEOUT_SECONDS
              + " s (a pipe that nobody writes to?)");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading " + file, e);
    }
  }

  private static ConfigException tooLarge(Path file, String size) {
    return new ConfigException(file.toString(), 0, "", "the file " + size + " (1 MiB)");
  }

  /**
   * Reads YAML text; {@code source} names it in error messages and relative plugin directories are
   * resolved against {@code baseDirectory}.
   *
   * @throws ConfigException when the text is over {@link #MAX_FILE_BYTES} code points, is not valid
   *     YAML or breaks the format
   */
  public static ToolsmithConfig parse(String yaml, String source, Path baseDirectory) {
    requireNonNull(yaml, "yaml == null");
    requireNonNull(source, "source == null");
    requireNonNull(baseDirectory, "baseDirectory == null");
    ConfigNode root = YamlTree.parse(yaml, source).requireMap();
    for (Map.Entry<String, ConfigNode> section : root.fields().entrySet()) {
      if (!CORE_SECTIONS.contains(section.getKey())) {
        section.getValue().requireMap(); // a source's section is a map of its origins
      }
    }
    PluginsConfig plugins =
        root.get("plugins")
            .map(node -> plugins(node, baseDirectory))
            .orElse(PluginsConfig.DEFAULTS);
    ToolsetsConfig toolsets =
        root.get("toolsets").map(ToolsmithConfig::toolsets).orElse(ToolsetsConfig.DEFAULTS);
    GuardsConfig guards = root.get("guards").map(ToolsmithConfig::guards).orElse(GuardsConfig.NONE);
    return new ToolsmithConfig(source, root, plugins, toolsets, guards);
  }

  /** The {@code guards} section: each guard it names is on, in the order the file names them. */
  private static GuardsConfig guards(ConfigNode node) {
    if (isEmpty(node)) {
      return GuardsConfig.NONE;
    }
    node.requireMap().requireKeys(GUARD_KEYS);
    List<ToolGuard> guards = new ArrayList<>();
    Optional<Duration> deadline = Optional.empty();
    Map<String, Duration> toolsetDeadlines = new TreeMap<>();
    Map<String, Duration> toolDeadlines = new TreeMap<>();
    for (Map.Entry<String, ConfigNode> field : node.fields().entrySet()) {
      ConfigNode value = field.getValue();
      ConfigNode section =
          isEmpty(value) ? ConfigNode.emptyMap(value.source(), value.path()) : value.requireMap();
      switch (field.getKey()) {
        case "approval" -> {
          section.requireKeys(APPROVAL_KEYS);
          guards.add(
              ApprovalGuard.builder()
                  .destructive(section.get("destructive").map(ConfigNode::asBoolean).orElse(true))
                  .tools(list(section, "tools"))
                  .toolsets(list(section, "toolsets"))
                  .origins(list(section, "origins"))
                  .build());
        }
        case "budgets" -> {
          section.requireKeys(BUDGET_KEYS);
          guards.add(
              CallBudget.of(
                  positive(section, "per_tool", CallBudget.DEFAULT_PER_TOOL),
                  positive(section, "per_session", CallBudget.DEFAULT_PER_SESSION)));
        }
        case "loop" -> {
          section.requireKeys(LOOP_KEYS);
          ConfigNode times = section.get("times").orElse(null);
          int k = times == null ? LoopGuard.DEFAULT_TIMES : times.asInt();
          if (k < 2) {
            throw requireNonNull(times).problem("must be 2 or more; found " + times.describe());
          }
          guards.add(LoopGuard.of(k));
        }
        default -> { // deadlines
          section.requireKeys(DEADLINE_KEYS);
          deadline = section.get("default").map(ToolsmithConfig::seconds);
          section
              .get("toolsets")
              .ifPresent(
                  m ->
                      m.requireMap()
                          .fields()
                          .forEach((k, v) -> toolsetDeadlines.put(k, seconds(v))));
          section
              .get("tools")
              .ifPresent(
                  m -> m.requireMap().fields().forEach((k, v) -> toolDeadlines.put(k, seconds(v))));
        }
      }
    }
    return new GuardsConfig(guards, deadline, toolsetDeadlines, toolDeadlines);
  }

  /** Whether {@code node} is a key with no value ({@code budgets:}): a guard at its defaults. */
  private static boolean isEmpty(ConfigNode node) {
    return node.isNull() || (node.kind() == ConfigNode.Kind.STRING && node.text().isEmpty());
  }

  private static int positive(ConfigNode map, String key, int fallback) {
    Optional<ConfigNode> value = map.get(key);
    if (value.isEmpty()) {
      return fallback;
    }
    int n = value.get().asInt();
    if (n < 1) {
      throw value
          .get()
          .problem("must be a positive number of calls; found " + value.get().describe());
    }
    return n;
  }

  private static PluginsConfig plugins(ConfigNode node, Path base) {
    node.requireKeys(PLUGIN_KEYS);
    List<Path> directories = new ArrayList<>();
    for (String directory : list(node, "directories")) {
      directories.add(base.resolve(directory).normalize());
    }
    Optional<Set<String>> enabled = node.get("enabled").map(n -> Set.copyOf(n.asStringList()));
    return new PluginsConfig(
        directories,
        enabled,
        Set.copyOf(list(node, "disabled")),
        Set.copyOf(list(node, "allow_override")),
        node.get("load_timeout")
            .map(ToolsmithConfig::seconds)
            .orElse(PluginsConfig.DEFAULT_LOAD_TIMEOUT));
  }

  /** A number of seconds above 0, at most a day, as the MCP module reads its timeouts. */
  private static Duration seconds(ConfigNode value) {
    double seconds = value.asDouble();
    if (!(seconds > 0) || seconds > 86_400) {
      throw value.problem(
          "must be a number of seconds above 0 (at most a day); found " + value.describe());
    }
    return Duration.ofMillis(Math.max(1, Math.round(seconds * 1000)));
  }

  private static ToolsetsConfig toolsets(ConfigNode node) {
    node.requireKeys(TOOLSET_KEYS);
    List<String> enabled =
        node.get("enabled").map(ConfigNode::asStringList).orElse(ToolsetsConfig.DEFAULTS.enabled());
    Map<String, ToolsetDefinition> definitions = new TreeMap<>();
    Optional<ConfigNode> defined = node.get("definitions");
    if (defined.isPresent()) {
      for (Map.Entry<String, ConfigNode> field : defined.get().requireMap().fields().entrySet()) {
        ConfigNode definition = field.getValue().requireMap().requireKeys(DEFINITION_KEYS);
        definitions.put(
            field.getKey(),
            new ToolsetDefinition(
                field.getKey(),
                definition.get("description").map(ConfigNode::asString).orElse(""),
                list(definition, "tools"),
                list(definition, "includes")));
      }
    }
    return new ToolsetsConfig(enabled, list(node, "disabled"), definitions);
  }

  private static List<String> list(ConfigNode map, String key) {
    List<String> values = map.get(key).map(ConfigNode::asStringList).orElse(List.of());
    return List.copyOf(new LinkedHashSet<>(values));
  }

  /** The file (or label) this configuration was read from. */
  public String source() {
    return source;
  }

  /** A top-level section as read, for a {@link ToolSource}; an absent section is an empty map. */
  public ConfigNode section(String name) {
    requireNonNull(name, "name == null");
    Optional<ConfigNode> section = root.get(name);
    return section.isPresent() ? section.get().requireMap() : ConfigNode.emptyMap(source, name);
  }

  /**
   * Checks every top-level key against the runtime's sections and {@code declared}, those of the
   * sources found.
   *
   * @throws ConfigException naming the first unknown key, its line and the known sections
   */
  void requireKnownSections(Collection<String> declared) {
    Set<String> known = new HashSet<>(CORE_SECTIONS);
    known.addAll(declared);
    root.requireKeys(known);
  }

  /** The {@code plugins} section. */
  public PluginsConfig plugins() {
    return plugins;
  }

  /** The {@code guards} section; {@link GuardsConfig#NONE} when the file has none. */
  public GuardsConfig guards() {
    return guards;
  }

  /** The {@code toolsets} section. */
  public ToolsetsConfig toolsets() {
    return toolsets;
  }

  @Override
  public String toString() {
    return "ToolsmithConfig{" + source + "}";
  }
}
