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

  static final Set<String> KEYS =
      Set.of(
          "command",
          "args",
          "env",
          "url",
          "headers",
          "transport",
          "timeout",
          "connect_timeout",
          "enabled",
          "tools",
          "max_message_bytes",
          "expand_env",
          ToolSourceContext.ALLOW_OVERRIDE);
  private static final Set<String> TOOL_KEYS = Set.of("include", "exclude");

  private McpConfig() {}

  static McpServerConfig parse(String name, ConfigNode node) {
    node.requireKeys(KEYS);
    checkPlaceholders(node);
    Optional<ConfigNode> command = node.get("command");
    Optional<ConfigNode> url = node.get("url");
    if (command.isPresent() == url.isPresent()) {
      throw node.problem("must have either 'command' (a stdio server) or 'url' (an HTTP server)");
    }
    McpServerConfig.Transport transport;
    if (command.isPresent()) {
      transport = McpServerConfig.Transport.STDIO;
      node.get("transport")
          .ifPresent(
              value -> {
                if (!value.asString().equals("stdio")) {
                  throw value.problem(
                      "must be stdio for a server with a command; found " + value.describe());
                }
              });
      for (String key : List.of("headers")) {
        node.get(key)
            .ifPresent(
                value -> {
                  throw value.problem("is for HTTP servers; this server has a command");
                });
      }
    } else {
      transport = McpServerConfig.Transport.STREAMABLE_HTTP;
      Optional<ConfigNode> kind = node.get("transport");
      if (kind.isPresent()) {
        switch (kind.get().asString()) {
          case "http", "streamable_http", "streamable-http" -> {}
          case "sse" -> transport = McpServerConfig.Transport.SSE;
          default ->
              throw kind.get()
                  .problem(
                      "must be http or sse for a server with a url; found "
                          + kind.get().describe());
        }
      }
      for (String key : List.of("args", "env")) {
        node.get(key)
            .ifPresent(
                value -> {
                  throw value.problem("is for stdio servers; this server has a url");
                });
      }
    }
    Set<String> include = Set.of();
    Set<String> exclude = Set.of();
    Optional<ConfigNode> tools = node.get("tools");
    if (tools.isPresent()) {
      ConfigNode filters = tools.get().requireKeys(TOOL_KEYS);
      include =
          new LinkedHashSet<>(
              filters.get("include").map(ConfigNode::asStringList).orElse(List.of()));
      exclude =
          new LinkedHashSet<>(
              filters.get("exclude").map(ConfigNode::asStringList).orElse(List.of()));
    }
    return McpServerConfig.builder(name, transport)
        .command(command.map(ConfigNode::asString).orElse(""))
        .args(node.get("args").map(ConfigNode::asStringList).orElse(List.of()))
        .env(node.get("env").map(ConfigNode::asStringMap).orElse(Map.of()))
        .url(url.map(ConfigNode::asString).orElse(""))
        .headers(node.get("headers").map(ConfigNode::asStringMap).orElse(Map.of()))
        .timeout(seconds(node.get("timeout"), McpServerConfig.DEFAULT_TIMEOUT))
        .connectTimeout(
            seconds(node.get("connect_timeout"), McpServerConfig.DEFAULT_CONNECT_TIMEOUT))
        .enabled(node.get("enabled").map(ConfigNode::asBoolean).orElse(true))
        .tools(include, exclude)
        .maxMessageBytes(maxMessageBytes(node.get("max_message_bytes")))
        .build();
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

  private static int maxMessageBytes(Optional<ConfigNode> value) {
    if (value.isEmpty()) {
      return McpServerConfig.DEFAULT_MAX_MESSAGE_BYTES;
    }
    int bytes = value.get().asInt();
    if (bytes < McpServerConfig.MIN_MAX_MESSAGE_BYTES) {
      throw value
          .get()
          .problem(
              "must be a number of bytes of at least "
                  + McpServerConfig.MIN_MAX_MESSAGE_BYTES
                  + "; found "
                  + value.get().describe());
    }
    return bytes;
  }

  private static Duration seconds(Optional<ConfigNode> value, Duration fallback) {
    if (value.isEmpty()) {
      return fallback;
    }
    double seconds = value.get().asDouble();
    if (!(seconds > 0) || seconds > 86_400) {
      throw value
          .get()
          .problem(
              "must be a number of seconds above 0 (at most a day); found "
                  + value.get().describe());
    }
    return Duration.ofMillis(Math.round(seconds * 1000));
  }
}
