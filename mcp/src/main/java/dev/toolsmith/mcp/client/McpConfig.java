package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.spi.ConfigNode;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Reads one {@code mcp_servers.NAME} entry of {@code toolsmith.yaml} into a {@link
 * McpServerConfig}; an unknown key or a wrong value is a {@link
 * dev.toolsmith.runtime.spi.ConfigException} naming the key and the line.
 *
 * <pre>{@code
 * mcp_servers:
 *   everything:
 *     command: npx
 *     args: [-y, "@modelcontextprotocol/server-everything", stdio]
 *     env: {API_KEY: "${EVERYTHING_KEY}"}
 *     expand_env: [EVERYTHING_KEY]   # the only variables ${...} may read in this entry
 *     timeout: 30              # seconds per call
 *     connect_timeout: 60      # seconds
 *     tools: {include: [echo, get-sum]}
 *     max_message_bytes: 33554432   # longest line the server may write (default 16 MiB)
 *   remote:
 *     url: https://mcp.example.com/mcp
 *     headers: {Authorization: "Bearer ${TOKEN}"}
 *     expand_env: [TOKEN]
 *     transport: sse           # only for legacy HTTP+SSE servers
 *     enabled: false
 * }</pre>
 */
final class McpConfig {

  /** Reads one key's value into the builder, knowing how the server is reached. */
  @FunctionalInterface
  private interface KeyReader {
    void read(ConfigNode value, McpServerConfig.Transport transport, McpServerConfig.Builder to);
  }

  private static final KeyReader ELSEWHERE = (value, transport, to) -> {};

  /** Every key an entry may have, and its reader (the keys read elsewhere do nothing here). */
  private static final Map<String, KeyReader> READERS =
      Map.ofEntries(
          Map.entry("command", (value, transport, to) -> to.command(value.asString())),
          Map.entry("args", stdioOnly((value, to) -> to.args(value.asStringList()))),
          Map.entry("env", stdioOnly((value, to) -> to.env(value.asStringMap()))),
          Map.entry("url", (value, transport, to) -> to.url(value.asString())),
          Map.entry("headers", httpOnly((value, to) -> to.headers(value.asStringMap()))),
          Map.entry("transport", ELSEWHERE), // read first: it says which keys fit
          Map.entry("timeout", (value, transport, to) -> to.timeout(seconds(value))),
          Map.entry("connect_timeout", (value, transport, to) -> to.connectTimeout(seconds(value))),
          Map.entry("enabled", (value, transport, to) -> to.enabled(value.asBoolean())),
          Map.entry("tools", (value, transport, to) -> tools(value, to)),
          Map.entry(
              "max_message_bytes",
              (value, transport, to) -> to.maxMessageBytes(maxMessageBytes(value))),
          Map.entry("expand_env", ELSEWHERE), // read by checkPlaceholders
          Map.entry(ToolSourceContext.ALLOW_OVERRIDE, ELSEWHERE)); // read by discovery

  static final Set<String> KEYS = READERS.keySet();
  private static final Set<String> TOOL_KEYS = Set.of("include", "exclude");

  private McpConfig() {}

  static McpServerConfig parse(String name, ConfigNode node) {
    node.requireKeys(KEYS);
    checkPlaceholders(node);
    McpServerConfig.Transport transport = transport(node);
    McpServerConfig.Builder builder = McpServerConfig.builder(name, transport);
    node.fields()
        .forEach(
            (key, value) -> READERS.getOrDefault(key, ELSEWHERE).read(value, transport, builder));
    return builder.build();
  }

  /**
   * How the server is reached: {@code command} (stdio) or {@code url}, and its {@code transport}.
   */
  private static McpServerConfig.Transport transport(ConfigNode node) {
    boolean command = node.get("command").isPresent();
    if (command == node.get("url").isPresent()) {
      throw node.problem("must have either 'command' (a stdio server) or 'url' (an HTTP server)");
    }
    Optional<ConfigNode> kind = node.get("transport");
    if (command) {
      if (kind.isPresent() && !kind.get().asString().equals("stdio")) {
        throw kind.get()
            .problem("must be stdio for a server with a command; found " + kind.get().describe());
      }
      return McpServerConfig.Transport.STDIO;
    }
    if (kind.isEmpty()) {
      return McpServerConfig.Transport.STREAMABLE_HTTP;
    }
    return switch (kind.get().asString()) {
      case "http", "streamable_http", "streamable-http" ->
          McpServerConfig.Transport.STREAMABLE_HTTP;
      case "sse" -> McpServerConfig.Transport.SSE;
      default ->
          throw kind.get()
              .problem(
                  "must be http or sse for a server with a url; found " + kind.get().describe());
    };
  }

  private static KeyReader stdioOnly(BiConsumer<ConfigNode, McpServerConfig.Builder> read) {
    return (value, transport, to) -> {
      if (transport != McpServerConfig.Transport.STDIO) {
        throw value.problem("is for stdio servers; this server has a url");
      }
      read.accept(value, to);
    };
  }

  private static KeyReader httpOnly(BiConsumer<ConfigNode, McpServerConfig.Builder> read) {
    return (value, transport, to) -> {
      if (transport == McpServerConfig.Transport.STDIO) {
        throw value.problem("is for HTTP servers; this server has a command");
      }
      read.accept(value, to);
    };
  }

  private static void tools(ConfigNode value, McpServerConfig.Builder to) {
    ConfigNode filters = value.requireKeys(TOOL_KEYS);
    to.tools(
        new LinkedHashSet<>(filters.get("include").map(ConfigNode::asStringList).orElse(List.of())),
        new LinkedHashSet<>(
            filters.get("exclude").map(ConfigNode::asStringList).orElse(List.of())));
  }

  /**
   * Refuses a {@code ${VAR}} whose variable the entry's {@code expand_env} does not list: a value
   * such as a url or a header is sent to the server, so a copied configuration must not be able to
   * send any variable of the environment (a cloud key, a token) to a server of its choosing.
   */
  private static void checkPlaceholders(ConfigNode node) {
    Set<String> allowed =
        Set.copyOf(node.get("expand_env").map(ConfigNode::asStringList).orElse(List.of()));
    List<ConfigNode> values = new ArrayList<>();
    node.get("command").ifPresent(values::add);
    node.get("url").ifPresent(values::add);
    node.get("args").ifPresent(args -> values.addAll(args.elements()));
    for (String map : List.of("env", "headers")) {
      node.get(map)
          .filter(ConfigNode::isMap)
          .ifPresent(fields -> values.addAll(fields.fields().values()));
    }
    for (ConfigNode value : values) {
      if (value.isMap() || value.kind() == ConfigNode.Kind.LIST) {
        continue; // a wrong type: reported where the value is read
      }
      List<String> names;
      try {
        names = Placeholders.names(value.text());
      } catch (IllegalArgumentException e) {
        throw value.problem(String.valueOf(e.getMessage()));
      }
      for (String variable : names) {
        if (!allowed.contains(variable)) {
          throw value.problem(
              "reads the environment variable "
                  + variable
                  + ", which this server's expand_env does not list; add expand_env: ["
                  + variable
                  + "] to let this server read it");
        }
      }
    }
  }

  private static int maxMessageBytes(ConfigNode value) {
    int bytes = value.asInt();
    if (bytes < McpServerConfig.MIN_MAX_MESSAGE_BYTES) {
      throw value.problem(
          "must be a number of bytes of at least "
              + McpServerConfig.MIN_MAX_MESSAGE_BYTES
              + "; found "
              + value.describe());
    }
    return bytes;
  }

  private static Duration seconds(ConfigNode value) {
    double seconds = value.asDouble();
    if (!(seconds > 0) || seconds > 86_400) {
      throw value.problem(
          "must be a number of seconds above 0 (at most a day); found " + value.describe());
    }
    return Duration.ofMillis(Math.round(seconds * 1000));
  }
}
