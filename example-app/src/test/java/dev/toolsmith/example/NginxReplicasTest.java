package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.TypeScriptSession;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scale-out as the README describes it: three {@code serve-mcp --http 0 --stateless} replicas
 * behind nginx with round-robin and no affinity, and a 2026-07-28 client (the TypeScript SDK v2)
 * that connects, lists and calls through it with no error while nginx spreads its requests over
 * every replica. nginx is installed by {@code .ci/run} (Debian's nginx-light).
 */
@Timeout(180)
final class NginxReplicasTest {

  private static final Pattern SERVING =
      Pattern.compile("Serving (\\d+) tools over MCP at (\\S+) statelessly");
  private static final int CALLS = 30;

  @TempDir Path dir;

  @Test
  void aModernClientIsServedByThreeStatelessReplicasBehindNginx() throws Exception {
    Path nginx = Path.of("/usr/sbin/nginx");
    assertTrue(Files.isExecutable(nginx), "nginx is missing: .ci/run installs nginx-light");
    int port = freePort();
    List<Process> processes = new ArrayList<>();
    try {
      List<URI> replicas = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        Process replica = replica(port);
        processes.add(replica);
        replicas.add(URI.create(awaitServing(replica).group(2)));
      }
      Path conf = dir.resolve("nginx.conf");
      Files.writeString(conf, config(port, replicas));
      Process proxy =
          new ProcessBuilder(nginx.toString(), "-p", dir.toString(), "-c", conf.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("nginx.out").toFile())
              .start();
      processes.add(proxy);
      awaitListening(port);

      Map<String, JsonNode> steps =
          TypeScriptSession.run(
              "replicas.mjs", List.of("http://127.0.0.1:" + port + "/mcp", String.valueOf(CALLS)));
      assertEquals("2026-07-28", steps.get("connected").path("version").asText());
      assertTrue(steps.get("list").path("tools").toString().contains("calculate"));
      assertEquals(CALLS, steps.get("calls").path("answered").asInt(), steps.toString());
      assertEquals("[]", steps.get("calls").path("errors").toString());

      // Every request went through nginx with 2xx, and all three replicas took some.
      List<String[]> log =
          Files.readAllLines(dir.resolve("access.log")).stream()
              .map(line -> line.split(" "))
              .toList();
      assertTrue(log.size() > CALLS, "requests logged: " + log.size());
      Map<String, Long> byStatus =
          new TreeMap<>(
              log.stream().collect(Collectors.groupingBy(l -> l[1], Collectors.counting())));
      assertEquals(Set.of("200"), byStatus.keySet(), "statuses: " + byStatus);
      Set<String> upstreams = log.stream().map(l -> l[0]).collect(Collectors.toSet());
      assertEquals(
          replicas.stream().map(r -> r.getHost() + ":" + r.getPort()).collect(Collectors.toSet()),
          upstreams);
    } finally {
      for (Process process : processes) {
        process.destroy();
      }
      for (Process process : processes) {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      }
    }
  }

  /** A replica that accepts the proxy's Host and the connections it opens. */
  private static Process replica(int proxyPort) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            Toolsmith.class.getName(),
            "serve-mcp",
            "--http",
            "0",
            "--stateless",
            "--allowed-host",
            "127.0.0.1:" + proxyPort,
            "--max-connections-per-client",
            "256")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /**
   * nginx in the foreground, one process, round-robin over the replicas, streams not buffered; the
   * access log has the replica and the status of each request.
   */
  private String config(int port, List<URI> replicas) {
    StringBuilder servers = new StringBuilder();
    for (URI replica : replicas) {
      servers.append("    server ").append(replica.getHost()).append(':').append(replica.getPort());
      servers.append(";\n");
    }
    return "daemon off;\nmaster_process off;\nerror_log "
        + dir.resolve("error.log")
        + ";\npid "
        + dir.resolve("nginx.pid")
        + ";\nevents { worker_connections 256; }\nhttp {\n"
        + "  client_body_temp_path "
        + dir.resolve("body")
        + ";\n"
        + "  proxy_temp_path "
        + dir.resolve("proxy")
        + ";\n"
        + "  log_format replica '$upstream_addr $status';\n"
        + "  access_log "
        + dir.resolve("access.log")
        + " replica;\n"
        + "  upstream replicas {\n"
        + servers
        + "    keepalive 16;\n  }\n"
        + "  server {\n    listen 127.0.0.1:"
        + port
        + ";\n"
        + "    location /mcp {\n"
        + "      proxy_pass http://replicas;\n"
        + "      proxy_http_version 1.1;\n"
        + "      proxy_set_header Connection \"\";\n"
        + "      proxy_set_header Host $host:$server_port;\n"
        + "      proxy_buffering off;\n"
        + "      proxy_read_timeout 1h;\n"
        + "    }\n  }\n}\n";
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void awaitListening(int port) throws Exception {
    for (int i = 0; i < 100; i++) {
      try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
        return;
      } catch (IOException notYet) {
        Thread.sleep(100);
      }
    }
    throw new AssertionError("nginx did not listen on " + port);
  }

  private static Matcher awaitServing(Process process) throws Exception {
    BufferedReader err =
        new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
    String line;
    StringBuilder seen = new StringBuilder();
    while ((line = err.readLine()) != null) {
      Matcher matcher = SERVING.matcher(line);
      if (matcher.find()) {
        return matcher;
      }
      seen.append(line).append('\n');
    }
    throw new AssertionError("serve-mcp ended without serving:\n" + seen);
  }
}
