package dev.toolsmith.example;

import dev.toolsmith.mcp.http.McpHttpServer;
import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.commons.cli.Options;
import org.jspecify.annotations.Nullable;

/** {@code serve-mcp}: the tools served to MCP clients, over stdio or Streamable HTTP. */
final class ServeMcpCommand implements Command {

  /** The largest token file read: a bearer token is a line, not a document. */
  static final int MAX_TOKEN_FILE_BYTES = 64 * 1024;

  private static final Usage USAGE =
      new Usage(
          "serve-mcp",
          "",
          0,
          "Serves the tools over MCP: on stdin/stdout by default (for a client that starts this"
              + " program), or over Streamable HTTP at http://HOST:PORT/mcp with --http PORT.",
          "");

  private @Nullable Integer port;
  private String host = "127.0.0.1";
  private @Nullable String tokenEnv;
  private @Nullable Path tokenFile;
  private List<String> allowedHosts = List.of();
  private boolean anyClient;
  private boolean stateless;
  private int maxConnectionsPerClient;
  private int maxSessionsPerClient;
  private int pageSize;
  private boolean toolSearch;
  private List<String> alwaysLoaded = List.of();

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    return new Options()
        .addOption(
            CommandOptions.value(
                "http", "PORT", "Serve Streamable HTTP on this port (0: any free port)."))
        .addOption(
            CommandOptions.value(
                "host",
                "HOST",
                "The address to bind with --http (default: 127.0.0.1, this machine only)."))
        .addOption(
            CommandOptions.value(
                "token-env",
                "VAR",
                "With --http: require 'Authorization: Bearer TOKEN', TOKEN read from this"
                    + " environment variable."))
        .addOption(
            CommandOptions.value(
                "token-file",
                "FILE",
                "With --http: require 'Authorization: Bearer TOKEN', TOKEN read from this file."))
        .addOption(
            CommandOptions.value(
                "allowed-host",
                "HOST:PORT",
                "With --http: also accept this Host (e.g. a reverse proxy's name); repeatable."))
        .addOption(
            CommandOptions.flag(
                "serve-anyone-without-authentication",
                "With --http and a --host beyond loopback: serve without a token or allowed"
                    + " host, so anyone who can reach the address can call every tool."))
        .addOption(
            CommandOptions.flag(
                "stateless",
                "With --http: keep no session state, so replicas behind a load balancer can take"
                    + " turns; 2026-07-28 clients keep everything, legacy clients lose"
                    + " list-change notifications, progress and cancellation."))
        .addOption(
            CommandOptions.value(
                "max-connections-per-client",
                "N",
                "With --http: open connections one client address may hold; behind a load"
                    + " balancer, at least the connections it opens to this replica (default:"
                    + " 32)."))
        .addOption(
            CommandOptions.value(
                "max-sessions-per-client",
                "N",
                "With --http: MCP sessions one client address may hold; behind a reverse proxy,"
                    + " raise it to the session table's size (1000) (default: 100)."))
        .addOption(
            CommandOptions.value(
                "page-size",
                "N",
                "Tools in one tools/list answer; clients follow nextCursor for the rest"
                    + " (default: 100)."))
        .addOption(
            CommandOptions.flag(
                "tool-search",
                "List only the --always-loaded tools, search_tools and call_tool, the same for"
                    + " every client; a search answers with the tools it finds, and call_tool"
                    + " calls them (see docs/guide/mcp-tool-search.md)."))
        .addOption(
            CommandOptions.value(
                "always-loaded",
                "NAME,...",
                "With --tool-search: tools every listing holds (comma-separated; repeatable)."));
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) throws Exception {
    port = arguments.integer("http");
    host = arguments.value("host", host);
    tokenEnv = arguments.value("token-env");
    tokenFile = arguments.path("token-file");
    List<String> hosts = arguments.list("allowed-host");
    allowedHosts = hosts != null ? hosts : List.of();
    anyClient = arguments.flag("serve-anyone-without-authentication");
    stateless = arguments.flag("stateless");
    maxConnectionsPerClient = arguments.integer("max-connections-per-client", 32);
    maxSessionsPerClient = arguments.integer("max-sessions-per-client", 100);
    pageSize = arguments.integer("page-size", 100);
    toolSearch = arguments.flag("tool-search");
    List<String> always = arguments.list("always-loaded");
    alwaysLoaded = always != null ? always : List.of();
    return serve(app);
  }

  private int serve(Toolsmith app) throws Exception {
    if (pageSize < 1) {
      throw new UsageException("--page-size must be at least 1");
    }
    if (maxConnectionsPerClient < 1 || maxSessionsPerClient < 1) {
      throw new UsageException(
          "--max-connections-per-client and --max-sessions-per-client must be at least 1");
    }
    if (!alwaysLoaded.isEmpty() && !toolSearch) {
      throw new UsageException("--always-loaded needs --tool-search");
    }
    // A usage error before discovery starts anything (plugins, MCP servers).
    String token = port == null ? null : token();
    // --config adds plugins and other MCP servers' tools: any registry can be served.
    Workspace workspace = app.workspace();
    ToolRegistry registry = app.discover(workspace).registry();
    McpRegistryServer.Builder served = served(registry, workspace).pageSize(pageSize);
    if (toolSearch) {
      served.toolSearch(Set.copyOf(alwaysLoaded));
    }
    if (port == null) {
      // stdout carries the protocol: keep every stray print (of a tool, a library) on stderr.
      PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
      System.setOut(System.err);
      try (McpRegistryServer server =
          served.serveStdio(new FileInputStream(FileDescriptor.in), protocol)) {
        stopOnExit(server::close);
        server.awaitClose();
      }
    } else {
      McpHttpServer.Builder builder =
          McpHttpServer.builder(served)
              .maxConnectionsPerClient(maxConnectionsPerClient)
              .maxSessionsPerClient(maxSessionsPerClient);
      if (stateless) {
        builder.stateless();
      }
      if (token != null) {
        builder.bearerToken(token);
      }
      allowedHosts.forEach(builder::allowedHost);
      if (anyClient) {
        builder.serveAnyClientWithoutAuthentication();
      }
      McpHttpServer serving;
      try {
        serving = builder.serve(new InetSocketAddress(host, port));
      } catch (IllegalArgumentException e) { // beyond loopback without a token: a usage error
        throw new UsageException(String.valueOf(e.getMessage()), e);
      }
      try (McpHttpServer server = serving) {
        PrintWriter err = app.err();
        err.println(
            "Serving "
                + server.servedTools().size()
                + " tools over MCP at "
                + server.endpoint()
                + (stateless ? " statelessly" : "")
                + " (Ctrl-C to stop)");
        err.flush();
        stopOnExit(server::close);
        server.awaitClose();
      }
    }
    return 0;
  }

  /** The bearer token from --token-env or --token-file, or null. */
  private @Nullable String token() {
    if (tokenEnv != null && tokenFile != null) {
      throw new UsageException("give --token-env or --token-file, not both");
    }
    String token = null;
    if (tokenEnv != null) {
      token = System.getenv(tokenEnv);
      if (token == null || token.isBlank()) {
        throw new UsageException("--token-env: " + tokenEnv + " is not set");
      }
    } else if (tokenFile != null) {
      token = readTokenFile(tokenFile).strip();
      if (token.isEmpty()) {
        throw new UsageException("--token-file: " + tokenFile + " is empty");
      }
    }
    return token;
  }

  /**
   * The text of the token file; a usage error (exit 2) naming the file when it is missing,
   * unreadable or over {@link #MAX_TOKEN_FILE_BYTES} (read no further, so {@code /dev/zero} too).
   */
  private String readTokenFile(Path file) {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_TOKEN_FILE_BYTES + 1);
    } catch (NoSuchFileException e) {
      throw new UsageException("--token-file: no such file: " + file);
    } catch (IOException e) {
      throw new UsageException(
          "--token-file: cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
    }
    if (bytes.length > MAX_TOKEN_FILE_BYTES) {
      throw new UsageException(
          "--token-file: "
              + file
              + " is over "
              + MAX_TOKEN_FILE_BYTES
              + " bytes, the limit for a token");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static void stopOnExit(Runnable close) {
    Runtime.getRuntime().addShutdownHook(new Thread(close, "toolsmith-serve-mcp-stop"));
  }

  /**
   * The app's MCP server for {@code registry}: its name, and the workspace in every call's context
   * (for the tools that read it there, as {@code call} and {@code chat} give it).
   */
  static McpRegistryServer.Builder served(ToolRegistry registry, Workspace workspace) {
    return McpRegistryServer.builder(registry)
        .serverInfo("toolsmith-example", "0.1.0")
        .callAttributes(Toolsmith.callAttributes(workspace));
  }

  /** Serves {@code registry} over Streamable HTTP at {@code address}, as the command does. */
  static McpHttpServer start(
      ToolRegistry registry, Workspace workspace, InetSocketAddress address) {
    return McpHttpServer.builder(served(registry, workspace)).serve(address);
  }
}
