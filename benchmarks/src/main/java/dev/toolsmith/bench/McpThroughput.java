package dev.toolsmith.bench;

import dev.toolsmith.mcp.http.McpHttpServer;
import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The throughput of one stateless replica, as a load balancer would see it: a server process
 * ({@code serve-mcp --http --stateless}'s setup, one small tool) and, in this process, 1, 16 and
 * 256 concurrent clients, each sending {@code tools/call} requests one after the other over
 * keep-alive HTTP/1.1 connections for a fixed time after a warm-up. Reports calls per second and
 * the p50 and p99 latency of each level, per run, with the machine's load average. A load
 * generator, not JMH: what is measured is a server in another process under concurrent load.
 *
 * <p>{@code java -cp toolsmith-benchmarks.jar dev.toolsmith.bench.McpThroughput [seconds] [runs]
 * [maxConnectionsPerClient]}: the server's per-client connection cap is its default (32) unless
 * given; all clients connect from one address, so at 256 clients connections over the cap are
 * closed and counted as errors.
 */
public final class McpThroughput {

  private static final int[] CLIENTS = {1, 16, 256};

  /** McpHttpServer's default maxConnectionsPerClient. */
  private static final int DEFAULT_CONNECTIONS_PER_CLIENT = 32;

  private McpThroughput() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("serve")) {
      serve(args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_CONNECTIONS_PER_CLIENT);
      return;
    }
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int perClient = args.length > 2 ? Integer.parseInt(args[2]) : DEFAULT_CONNECTIONS_PER_CLIENT;
    Process server = startServer(perClient);
    try {
      URI endpoint = endpointOf(server);
      HttpClient http =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(Duration.ofSeconds(10))
              .build();
      System.out.println("run,clients,calls,calls_per_s,p50_ms,p99_ms,errors,loadavg_before");
      for (int run = 1; run <= runs; run++) {
        for (int clients : CLIENTS) {
          measure(http, endpoint, clients, Math.max(3, seconds / 2)); // warm-up, not reported
          String load = loadAverage();
          Result result = measure(http, endpoint, clients, seconds);
          System.out.printf(
              Locale.ROOT,
              "%d,%d,%d,%.0f,%.2f,%.2f,%d,%s%n",
              run,
              clients,
              result.calls(),
              result.calls() / (double) seconds,
              result.percentile(0.50) / 1e6,
              result.percentile(0.99) / 1e6,
              result.errors(),
              load);
        }
      }
    } finally {
      server.destroy();
    }
  }

  /** The latencies (ns, sorted) of one level's calls and how many failed. */
  private static final class Result {
    private final long[] latencies;
    private final long errors;

    Result(long[] latencies, long errors) {
      this.latencies = latencies;
      this.errors = errors;
    }

    long errors() {
      return errors;
    }

    long calls() {
      return latencies.length;
    }

    long percentile(double p) {
      if (latencies.length == 0) {
        return 0;
      }
      return latencies[(int) Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
    }
  }

  private static Result measure(HttpClient http, URI endpoint, int clients, int seconds)
      throws InterruptedException {
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    List<long[]> perClient = new ArrayList<>();
    int[] counts = new int[clients];
    AtomicLong errors = new AtomicLong();
    CountDownLatch done = new CountDownLatch(clients);
    for (int c = 0; c < clients; c++) {
      long[] latencies = new long[1 << 16];
      perClient.add(latencies);
      int client = c;
      Thread thread =
          new Thread(
              () -> {
                long[] mine = latencies;
                int n = 0;
                try {
                  while (System.nanoTime() < deadline) {
                    HttpRequest request =
                        HttpRequest.newBuilder(endpoint)
                            .timeout(Duration.ofSeconds(30))
                            .header("Content-Type", "application/json")
                            .header("Accept", "application/json, text/event-stream")
                            .header("MCP-Protocol-Version", "2025-06-18")
                            .POST(HttpRequest.BodyPublishers.ofString(call(n)))
                            .build();
                    long start = System.nanoTime();
                    try {
                      HttpResponse<String> response =
                          http.send(request, HttpResponse.BodyHandlers.ofString());
                      if (response.statusCode() != 200
                          || !response.body().contains("\\\"sum\\\"")) {
                        errors.incrementAndGet();
                        continue;
                      }
                    } catch (IOException e) {
                      errors.incrementAndGet();
                      continue;
                    }
                    if (n == mine.length) {
                      mine = Arrays.copyOf(mine, mine.length * 2);
                      perClient.set(client, mine);
                    }
                    mine[n++] = System.nanoTime() - start;
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } finally {
                  counts[client] = n;
                  done.countDown();
                }
              },
              "load-" + c);
      thread.start();
    }
    done.await();
    int total = Arrays.stream(counts).sum();
    long[] all = new long[total];
    int at = 0;
    for (int c = 0; c < clients; c++) {
      System.arraycopy(perClient.get(c), 0, all, at, counts[c]);
      at += counts[c];
    }
    Arrays.sort(all);
    return new Result(all, errors.get());
  }

  private static String call(int n) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + n
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\"add\",\"arguments\":{\"a\":"
        + n
        + ",\"b\":40}}}";
  }

  private static String loadAverage() {
    try {
      String text = Files.readString(Path.of("/proc/loadavg"));
      return text.substring(0, Math.max(0, text.indexOf(' ')));
    } catch (IOException e) {
      return "?";
    }
  }

  private static Process startServer(int perClient) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-Xms1g",
            "-Xmx1g",
            "-XX:+AlwaysPreTouch",
            "-cp",
            System.getProperty("java.class.path"),
            McpThroughput.class.getName(),
            "serve",
            Integer.toString(perClient))
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  private static URI endpointOf(Process server) throws IOException {
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = reader.readLine()) != null) {
      if (line.startsWith("ENDPOINT ")) {
        return URI.create(line.substring("ENDPOINT ".length()));
      }
    }
    throw new IllegalStateException("the server ended before it listened");
  }

  /** The replica: one small tool, served statelessly; many connections from this one address. */
  private static void serve(int perClient) throws InterruptedException {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        ToolEntry.builder("add", "math")
            .description("Adds two whole numbers.")
            .schema(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
                    + "\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"]}")
            .handler((ToolHandler.Sync) (arguments, context) -> "{\"sum\":" + sum(arguments) + "}")
            .build());
    try (McpHttpServer server =
        McpHttpServer.builder(McpRegistryServer.builder(registry))
            .stateless()
            .maxConnectionsPerClient(perClient)
            .serve(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      System.out.println("ENDPOINT " + server.endpoint());
      System.out.flush();
      server.awaitClose();
    }
  }

  /** a + b from {"a":A,"b":B}, read by hand: the tool's own cost should not dominate. */
  private static long sum(String arguments) {
    long total = 0;
    for (String key : new String[] {"\"a\":", "\"b\":"}) {
      int at = arguments.indexOf(key) + key.length();
      int end = at;
      while (end < arguments.length()
          && (Character.isDigit(arguments.charAt(end)) || arguments.charAt(end) == '-')) {
        end++;
      }
      total += Long.parseLong(arguments.substring(at, end));
    }
    return total;
  }
}
