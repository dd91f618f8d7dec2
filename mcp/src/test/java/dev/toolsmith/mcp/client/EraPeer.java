package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.Peers;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A server of mcp/src/test/node/era-server.mjs (TypeScript SDK v2: modern-only or dual-era, over
 * stdio or Streamable HTTP) connected into a registry as {@code era}; closing it closes the client
 * and stops the server.
 */
final class EraPeer implements AutoCloseable {

  /** Which server, reached how. */
  enum Kind {
    STDIO_MODERN_ONLY(false, "--modern-only"),
    STDIO_DUAL_ERA(false),
    HTTP_MODERN_ONLY(true, "--modern-only"),
    HTTP_DUAL_ERA(true);

    final boolean http;
    final List<String> flags;

    Kind(boolean http, String... flags) {
      this.http = http;
      this.flags = List.of(flags);
    }
  }

  final ToolRegistry registry;
  final McpClients clients;
  private @Nullable Process httpServer;
  private final List<String> flags = new ArrayList<>();
  private int port;

  private EraPeer(
      Kind kind,
      McpClients.Builder builder,
      List<String> more,
      UnaryOperator<McpServerConfig.Builder> settings,
      ToolRegistry registry)
      throws IOException {
    this.registry = registry;
    flags.addAll(kind.flags);
    flags.addAll(more);
    McpServerConfig config;
    if (kind.http) {
      httpServer = startHttp(flags);
      port = port(httpServer);
      config = McpServerConfig.http("era", "http://127.0.0.1:" + port + "/mcp");
    } else {
      httpServer = null;
      List<String> args = new ArrayList<>(List.of(script(), "stdio"));
      args.addAll(flags);
      config = McpServerConfig.stdio("era", Peers.node(), args);
    }
    config =
        settings
            .apply(
                config.toBuilder()
                    .timeout(Duration.ofSeconds(20))
                    .connectTimeout(Duration.ofSeconds(20)))
            .build();
    clients = builder.servers(List.of(config)).build().connect(registry);
    ServerStatus status = clients.servers().get(0);
    assertEquals(ServerStatus.State.CONNECTED, status.state(), status.describe());
  }

  /** The {@code kind} of server with {@code flags} added, connected with default settings. */
  static EraPeer start(Kind kind, String... flags) throws IOException {
    return new EraPeer(
        kind, McpClients.builder(), List.of(flags), config -> config, ToolRegistry.create());
  }

  /** The {@code kind} of server, connected with {@code settings} applied to its configuration. */
  static EraPeer start(Kind kind, UnaryOperator<McpServerConfig.Builder> settings)
      throws IOException {
    return new EraPeer(kind, McpClients.builder(), List.of(), settings, ToolRegistry.create());
  }

  /** The {@code kind} of server, connected with {@code builder}'s settings. */
  static EraPeer start(Kind kind, McpClients.Builder builder) throws IOException {
    return new EraPeer(kind, builder, List.of(), config -> config, ToolRegistry.create());
  }

  /** The {@code kind} of server connected into {@code registry}, such as a guarded one. */
  static EraPeer start(Kind kind, ToolRegistry registry) throws IOException {
    return new EraPeer(kind, McpClients.builder(), List.of(), config -> config, registry);
  }

  ServerConnection connection() {
    ServerConnection connection = clients.connection("era");
    if (connection == null) {
      throw new IllegalStateException("not connected");
    }
    return connection;
  }

  /** Stops the HTTP server at once, as a crash would. */
  void stopHttp() {
    Process server = httpServer;
    if (server != null) {
      server.descendants().forEach(ProcessHandle::destroyForcibly);
      server.destroyForcibly();
    }
  }

  /** Starts the HTTP server again on its port, as a restarted service would be. */
  void startHttpAgain() throws IOException {
    List<String> again = new ArrayList<>(flags);
    again.addAll(List.of("--port", String.valueOf(port)));
    httpServer = startHttp(again);
    port(httpServer);
  }

  /** What the server saw: {@code {"started":N,"cancelled":N,"eras":[...]}}. */
  JsonNode seen() {
    try {
      String result = registry.dispatch("mcp__era__seen", "{}");
      return McpJson.MAPPER.readTree(McpJson.MAPPER.readTree(result).path("result").asText());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static String script() {
    return Peers.script("era-server.mjs").toString();
  }

  private static Process startHttp(List<String> flags) throws IOException {
    List<String> command = new ArrayList<>(List.of(Peers.node(), script(), "http"));
    command.addAll(flags);
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  /** The port a server prints as {@code {"port":N}} on its first line of output. */
  static int port(Process server) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> line =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return out.readLine();
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
    try {
      String first = line.get(30, TimeUnit.SECONDS);
      if (first == null) {
        throw new IOException("the server exited before listening: " + server.waitFor());
      }
      return McpJson.MAPPER.readTree(first).path("port").asInt();
    } catch (Exception e) {
      server.destroyForcibly();
      throw new IOException("the HTTP server did not say its port", e);
    }
  }

  @Override
  public void close() {
    clients.close();
    stopHttp();
  }
}
