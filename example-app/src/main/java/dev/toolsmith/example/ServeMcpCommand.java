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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code serve-mcp}: the tools served to MCP clients, over stdio or Streamable HTTP. */
@Command(
    name = "serve-mcp",
    mixinStandardHelpOptions = true,
    description = {
      "Serves the tools over MCP: on stdin/stdout by default (for a client that starts this",
      "program), or over Streamable HTTP at http://HOST:PORT/mcp with --http PORT."
    })
final class ServeMcpCommand implements Callable<Integer> {

  /** The largest token file read: a bearer token is a line, not a document. */
  static final int MAX_TOKEN_FILE_BYTES = 64 * 1024;

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Option(
      names = "--http",
      paramLabel = "PORT",
      description = "Serve Streamable HTTP on this port (0: any free port).")
  @Nullable Integer port;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      defaultValue = "127.0.0.1",
      description =
          "The address to bind with --http (default: ${DEFAULT-VALUE}, this machine only).")
  String host;

  @Option(
      names = "--token-env",
      paramLabel = "VAR",
      description =
          "With --http: require 'Authorization: Bearer TOKEN', TOKEN read from this"
              + " environment variable.")
  @Nullable String tokenEnv;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description =
          "With --http: require 'Authorization: Bearer TOKEN', TOKEN read from this" + " file.")
  @Nullable Path tokenFile;

  @Option(
      names = "--allowed-host",
      paramLabel = "HOST:PORT",
      description = "With --http: also accept this Host (e.g. a reverse proxy's name); repeatable.")
  List<String> allowedHosts = new ArrayList<>();

  @Option(
      names = "--serve-anyone-without-authentication",
      description =
          "With --http and a --host beyond loopback: serve without a token or allowed"
              + " host, so anyone who can reach the address can call every tool.")
  boolean anyClient;

  @Option(
      names = "--stateless",
      description =
          "With --http: keep no session state, so replicas behind a load balancer can take"
              + " turns (no list-change notifications, progress or cancellation).")
  boolean stateless;

  @Option(
      names = "--max-connections-per-client",
      paramLabel = "N",
      defaultValue = "32",
      description =
          "With --http: open connections one client address may hold; behind a load balancer,"
              + " at least the connections it opens to this replica.")
  int maxConnectionsPerClient;

  @Option(
      names = "--max-sessions-per-client",
      paramLabel = "N",
      defaultValue = "100",
      description =
          "With --http: MCP sessions one client address may hold; behind a reverse proxy, raise"
              + " it to the session table's size (1000).")
  int maxSessionsPerClient;

  @Option(
      names = "--page-size",
      paramLabel = "N",
      defaultValue = "100",
      description = "Tools in one tools/list answer; clients follow nextCursor for the rest.")
  int pageSize;

  @Option(
      names = "--tool-search",
      description =
          "List only the --always-loaded tools and a search_tools tool; a search reveals the"
              + " tools it finds to its session (see docs/guide/mcp-tool-search.md).")
  boolean toolSearch;

  @Option(
      names = "--always-loaded",
      paramLabel = "NAME",
      split = ",",
      description = "With --tool-search: tools every listing holds (comma-separated; repeatable).")
  List<String> alwaysLoaded = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    if (pageSize < 1) {
      throw new ParameterException(spec.commandLine(), "--page-size must be at least 1");
    }
    if (maxConnectionsPerClient < 1 || maxSessionsPerClient < 1) {
      throw new ParameterException(
          spec.commandLine(),
          "--max-connections-per-client and --max-sessions-per-client must be at least 1");
    }
    if (!alwaysLoaded.isEmpty() && !toolSearch) {
      throw new ParameterException(spec.commandLine(), "--always-loaded needs --tool-search");
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
        throw new ParameterException(spec.commandLine(), e.getMessage(), e);
      }
      try (McpHttpServer server = serving) {
        PrintWriter err = spec.commandLine().getErr();
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
      throw new ParameterException(
          spec.commandLine(), "give --token-env or --token-file, not both");
    }
    String token = null;
    if (tokenEnv != null) {
      token = System.getenv(tokenEnv);
      if (token == null || token.isBlank()) {
        throw new ParameterException(
            spec.commandLine(), "--token-env: " + tokenEnv + " is not set");
      }
    } else if (tokenFile != null) {
      token = readTokenFile(tokenFile).strip();
      if (token.isEmpty()) {
        throw new ParameterException(
            spec.commandLine(), "--token-file: " + tokenFile + " is empty");
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
      throw new ParameterException(spec.commandLine(), "--token-file: no such file: " + file);
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--token-file: cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
    }
    if (bytes.length > MAX_TOKEN_FILE_BYTES) {
      throw new ParameterException(
          spec.commandLine(),
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
