package dev.toolsmith.mcp;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One MCP server to connect to, as one {@code mcp_servers.NAME} entry of {@code toolsmith.yaml}
 * says. Values may hold {@code ${VAR}} placeholders; they are expanded from the environment on
 * connect.
 *
 * <p>Over 300 lines because a record keeps its settings immutable with one {@code with...} copy per
 * setting, each a plain list of the components.
 *
 * @param name the server's key; its tools become {@code mcp__NAME__TOOL} in toolset {@code
 *     mcp-NAME}
 * @param transport how to reach it
 * @param command the program to start (stdio)
 * @param args its arguments (stdio)
 * @param env variables the child gets on top of a minimal environment (stdio)
 * @param url the endpoint (Streamable HTTP or SSE)
 * @param headers request headers, e.g. Authorization (HTTP)
 * @param timeout the longest one tool call may take
 * @param connectTimeout the longest connecting and listing the tools may take
 * @param enabled false to leave the server out
 * @param include raw tool names to keep; when not empty, only these (include wins over exclude)
 * @param exclude raw tool names to leave out
 * @param maxMessageBytes the longest message (one line of a stdio server's output) read; a longer
 *     one is read to its end without being held and fails the call it answers at once
 */
public record McpServerConfig(
    String name,
    Transport transport,
    String command,
    List<String> args,
    Map<String, String> env,
    String url,
    Map<String, String> headers,
    Duration timeout,
    Duration connectTimeout,
    boolean enabled,
    Set<String> include,
    Set<String> exclude,
    int maxMessageBytes) {

  /** The default per-call timeout. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  /** The default connect timeout. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(60);

  /** The default longest message of a stdio server: 16 MiB. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  /** The smallest {@code maxMessageBytes} allowed. */
  public static final int MIN_MAX_MESSAGE_BYTES = 1024;

  /** How a server is reached. */
  public enum Transport {
    /** A child process speaking JSON-RPC lines on stdin/stdout. */
    STDIO,
    /** Streamable HTTP (the current MCP HTTP transport). */
    STREAMABLE_HTTP,
    /** The legacy HTTP+SSE transport, only when the configuration asks for it. */
    SSE
  }

  /**
   * Checks the required components, copies the collections, and reads a null command or URL as
   * empty.
   */
  public McpServerConfig {
    requireNonNull(name, "name == null");
    requireNonNull(transport, "transport == null");
    command = command == null ? "" : command;
    args = List.copyOf(requireNonNull(args, "args == null"));
    env = Map.copyOf(new LinkedHashMap<>(requireNonNull(env, "env == null")));
    url = url == null ? "" : url;
    headers = Map.copyOf(requireNonNull(headers, "headers == null"));
    requireNonNull(timeout, "timeout == null");
    requireNonNull(connectTimeout, "connectTimeout == null");
    include = Set.copyOf(requireNonNull(include, "include == null"));
    exclude = Set.copyOf(requireNonNull(exclude, "exclude == null"));
    if (name.isEmpty()) {
      throw new IllegalArgumentException("name must not be empty");
    }
    if (transport == Transport.STDIO && command.isEmpty()) {
      throw new IllegalArgumentException(
          "MCP server '" + name + "': a stdio server needs a command");
    }
    if (transport != Transport.STDIO && url.isEmpty()) {
      throw new IllegalArgumentException("MCP server '" + name + "': an HTTP server needs a url");
    }
    if (timeout.isNegative()
        || timeout.isZero()
        || connectTimeout.isNegative()
        || connectTimeout.isZero()) {
      throw new IllegalArgumentException("MCP server '" + name + "': timeouts must be positive");
    }
    if (maxMessageBytes < MIN_MAX_MESSAGE_BYTES) {
      throw new IllegalArgumentException(
          "MCP server '"
              + name
              + "': maxMessageBytes must be at least "
              + MIN_MAX_MESSAGE_BYTES
              + "; found "
              + maxMessageBytes);
    }
  }

  /** A configuration with the default {@code maxMessageBytes}, as before it existed. */
  public McpServerConfig(
      String name,
      Transport transport,
      String command,
      List<String> args,
      Map<String, String> env,
      String url,
      Map<String, String> headers,
      Duration timeout,
      Duration connectTimeout,
      boolean enabled,
      Set<String> include,
      Set<String> exclude) {
    this(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        DEFAULT_MAX_MESSAGE_BYTES);
  }

  /** A stdio server started as {@code command args...}, with default settings. */
  public static McpServerConfig stdio(String name, String command, List<String> args) {
    return new McpServerConfig(
        name,
        Transport.STDIO,
        command,
        args,
        Map.of(),
        "",
        Map.of(),
        DEFAULT_TIMEOUT,
        DEFAULT_CONNECT_TIMEOUT,
        true,
        Set.of(),
        Set.of(),
        DEFAULT_MAX_MESSAGE_BYTES);
  }

  /** A Streamable HTTP server at {@code url}, with default settings. */
  public static McpServerConfig http(String name, String url) {
    return new McpServerConfig(
        name,
        Transport.STREAMABLE_HTTP,
        "",
        List.of(),
        Map.of(),
        url,
        Map.of(),
        DEFAULT_TIMEOUT,
        DEFAULT_CONNECT_TIMEOUT,
        true,
        Set.of(),
        Set.of(),
        DEFAULT_MAX_MESSAGE_BYTES);
  }

  /** This configuration with another per-call timeout. */
  public McpServerConfig withTimeout(Duration timeout) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** This configuration with another connect timeout. */
  public McpServerConfig withConnectTimeout(Duration connectTimeout) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** This configuration with the child's extra environment variables. */
  public McpServerConfig withEnv(Map<String, String> env) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** This configuration with the given HTTP request headers. */
  public McpServerConfig withHeaders(Map<String, String> headers) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** This configuration reached over {@code transport} (e.g. legacy SSE for an HTTP server). */
  public McpServerConfig withTransport(Transport transport) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** This configuration switched on or off. */
  public McpServerConfig withEnabled(boolean enabled) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** This configuration with the given tool filters. */
  public McpServerConfig withTools(Set<String> include, Set<String> exclude) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /**
   * This configuration with another longest message (a line of a stdio server's output), at least
   * {@value #MIN_MAX_MESSAGE_BYTES} bytes.
   */
  public McpServerConfig withMaxMessageBytes(int maxMessageBytes) {
    return new McpServerConfig(
        name,
        transport,
        command,
        args,
        env,
        url,
        headers,
        timeout,
        connectTimeout,
        enabled,
        include,
        exclude,
        maxMessageBytes);
  }

  /** Whether the raw tool name {@code tool} passes the include/exclude filters (include wins). */
  public boolean accepts(String tool) {
    if (!include.isEmpty()) {
      return include.contains(tool);
    }
    return !exclude.contains(tool);
  }
}
