package dev.toolsmith.mcp.client;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One MCP server to connect to, as one {@code mcp_servers.NAME} entry of {@code toolsmith.yaml}
 * says: immutable, made by {@link #stdio}, {@link #http} or {@link #builder} and changed through
 * {@link #toBuilder}. Values may hold {@code ${VAR}} placeholders; they are expanded from the
 * environment on connect.
 */
public final class McpServerConfig {

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

  private final String name;
  private final Transport transport;
  private final String command;
  private final List<String> args;
  private final Map<String, String> env;
  private final String url;
  private final Map<String, String> headers;
  private final Duration timeout;
  private final Duration connectTimeout;
  private final boolean enabled;
  private final Set<String> include;
  private final Set<String> exclude;
  private final int maxMessageBytes;

  private McpServerConfig(Builder b) {
    this.name = b.name;
    this.transport = b.transport;
    this.command = b.command;
    this.args = List.copyOf(b.args);
    this.env = Map.copyOf(b.env);
    this.url = b.url;
    this.headers = Map.copyOf(b.headers);
    this.timeout = b.timeout;
    this.connectTimeout = b.connectTimeout;
    this.enabled = b.enabled;
    this.include = Set.copyOf(b.include);
    this.exclude = Set.copyOf(b.exclude);
    this.maxMessageBytes = b.maxMessageBytes;
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

  /** A builder for server {@code name} reached over {@code transport}, with default settings. */
  public static Builder builder(String name, Transport transport) {
    return new Builder(name, transport);
  }

  /** A stdio server started as {@code command args...}, with default settings. */
  public static McpServerConfig stdio(String name, String command, List<String> args) {
    return builder(name, Transport.STDIO).command(command).args(args).build();
  }

  /** A Streamable HTTP server at {@code url}, with default settings. */
  public static McpServerConfig http(String name, String url) {
    return builder(name, Transport.STREAMABLE_HTTP).url(url).build();
  }

  /** A builder holding this configuration's settings, to derive another from it. */
  public Builder toBuilder() {
    return new Builder(name, transport)
        .command(command)
        .args(args)
        .env(env)
        .url(url)
        .headers(headers)
        .timeout(timeout)
        .connectTimeout(connectTimeout)
        .enabled(enabled)
        .tools(include, exclude)
        .maxMessageBytes(maxMessageBytes);
  }

  /** The server's key; its tools become {@code mcp__NAME__TOOL} in toolset {@code mcp-NAME}. */
  public String name() {
    return name;
  }

  /** How to reach it. */
  public Transport transport() {
    return transport;
  }

  /** The program to start (stdio), or the empty string. */
  public String command() {
    return command;
  }

  /** Its arguments (stdio). */
  public List<String> args() {
    return args;
  }

  /** Variables the child gets on top of a minimal environment (stdio). */
  public Map<String, String> env() {
    return env;
  }

  /** The endpoint (Streamable HTTP or SSE), or the empty string. */
  public String url() {
    return url;
  }

  /** Request headers, e.g. Authorization (HTTP). */
  public Map<String, String> headers() {
    return headers;
  }

  /** The longest one tool call may take. */
  public Duration timeout() {
    return timeout;
  }

  /** The longest connecting and listing the tools may take. */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** False to leave the server out. */
  public boolean enabled() {
    return enabled;
  }

  /** Raw tool names to keep; when not empty, only these (include wins over exclude). */
  public Set<String> include() {
    return include;
  }

  /** Raw tool names to leave out. */
  public Set<String> exclude() {
    return exclude;
  }

  /**
   * The longest message (one line of a stdio server's output) read; a longer one is read to its end
   * without being held and fails the call it answers at once.
   */
  public int maxMessageBytes() {
    return maxMessageBytes;
  }

  /** Whether the raw tool name {@code tool} passes the include/exclude filters (include wins). */
  public boolean accepts(String tool) {
    if (!include.isEmpty()) {
      return include.contains(tool);
    }
    return !exclude.contains(tool);
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof McpServerConfig that
        && name.equals(that.name)
        && transport == that.transport
        && command.equals(that.command)
        && args.equals(that.args)
        && env.equals(that.env)
        && url.equals(that.url)
        && headers.equals(that.headers)
        && timeout.equals(that.timeout)
        && connectTimeout.equals(that.connectTimeout)
        && enabled == that.enabled
        && include.equals(that.include)
        && exclude.equals(that.exclude)
        && maxMessageBytes == that.maxMessageBytes;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
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

  @Override
  public String toString() {
    return "McpServerConfig[name="
        + name
        + ", transport="
        + transport
        + ", command="
        + command
        + ", args="
        + args
        + ", env="
        + env
        + ", url="
        + url
        + ", headers="
        + headers
        + ", timeout="
        + timeout
        + ", connectTimeout="
        + connectTimeout
        + ", enabled="
        + enabled
        + ", include="
        + include
        + ", exclude="
        + exclude
        + ", maxMessageBytes="
        + maxMessageBytes
        + "]";
  }

  /** Collects the settings of a {@link McpServerConfig}; {@link #build} checks them. */
  public static final class Builder {
    private final String name;
    private Transport transport;
    private String command = "";
    private List<String> args = List.of();
    private Map<String, String> env = Map.of();
    private String url = "";
    private Map<String, String> headers = Map.of();
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private boolean enabled = true;
    private Set<String> include = Set.of();
    private Set<String> exclude = Set.of();
    private int maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;

    private Builder(String name, Transport transport) {
      this.name = requireNonNull(name, "name == null");
      this.transport = requireNonNull(transport, "transport == null");
    }

    /** How the server is reached (e.g. legacy SSE for an HTTP server). */
    public Builder transport(Transport transport) {
      this.transport = requireNonNull(transport, "transport == null");
      return this;
    }

    /** The program to start (stdio). */
    public Builder command(String command) {
      this.command = requireNonNull(command, "command == null");
      return this;
    }

    /** The program's arguments (stdio). */
    public Builder args(List<String> args) {
      this.args = List.copyOf(requireNonNull(args, "args == null"));
      return this;
    }

    /** The child's extra environment variables (stdio). */
    public Builder env(Map<String, String> env) {
      this.env = Map.copyOf(requireNonNull(env, "env == null"));
      return this;
    }

    /** The endpoint (HTTP). */
    public Builder url(String url) {
      this.url = requireNonNull(url, "url == null");
      return this;
    }

    /** The HTTP request headers. */
    public Builder headers(Map<String, String> headers) {
      this.headers = Map.copyOf(requireNonNull(headers, "headers == null"));
      return this;
    }

    /** The longest one tool call may take; positive. */
    public Builder timeout(Duration timeout) {
      this.timeout = requireNonNull(timeout, "timeout == null");
      return this;
    }

    /** The longest connecting and listing the tools may take; positive. */
    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = requireNonNull(connectTimeout, "connectTimeout == null");
      return this;
    }

    /** Whether the server is connected at all. */
    public Builder enabled(boolean enabled) {
      this.enabled = enabled;
      return this;
    }

    /** The tool filters: raw names to keep (when not empty, only these) and to leave out. */
    public Builder tools(Set<String> include, Set<String> exclude) {
      this.include = Set.copyOf(requireNonNull(include, "include == null"));
      this.exclude = Set.copyOf(requireNonNull(exclude, "exclude == null"));
      return this;
    }

    /**
     * The longest message (a line of a stdio server's output), at least {@value
     * McpServerConfig#MIN_MAX_MESSAGE_BYTES} bytes.
     */
    public Builder maxMessageBytes(int maxMessageBytes) {
      this.maxMessageBytes = maxMessageBytes;
      return this;
    }

    /**
     * The configuration.
     *
     * @throws IllegalArgumentException when a setting is out of range, or a stdio server has no
     *     command or an HTTP server no url
     */
    public McpServerConfig build() {
      return new McpServerConfig(this);
    }
  }
}
