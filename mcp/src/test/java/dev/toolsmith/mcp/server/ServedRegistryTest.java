package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.mcp.Peers;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which tools are served and how a result is told to be an error, whatever the transport. */
@Timeout(60)
final class ServedRegistryTest {

  /** Served on stdio streams no client writes to: these tests read the served list only. */
  private static McpRegistryServer serve(ToolRegistry registry, PipedOutputStream client)
      throws Exception {
    return McpRegistryServer.builder(registry)
        .availabilityInterval(Duration.ofMillis(100))
        .serveStdio(new PipedInputStream(client), OutputStream.nullOutputStream());
  }

  @Test
  void theServedListFollowsRegistryChangesWithinFiftyMilliseconds() throws Exception {
    ToolRegistry registry = Fixture.registry();
    try (PipedOutputStream client = new PipedOutputStream();
        McpRegistryServer server = serve(registry, client)) {
      assertEquals(List.of("add", "greet", "register_more"), server.servedTools());
      millisUntilServed(registry, server, "warm_up"); // the first change loads the classes

      // Each change is announced as soon as the served list has changed; on a machine shared
      // with other builds one may be slowed down, so the typical (median) change is timed.
      long[] millis = new long[5];
      for (int i = 0; i < millis.length; i++) {
        millis[i] = millisUntilServed(registry, server, "later_" + i);
      }
      Arrays.sort(millis);
      assertTrue(millis[2] < 50, "served " + Arrays.toString(millis) + " ms after the changes");
      assertTrue(millis[4] < 1_000, "served " + Arrays.toString(millis) + " ms after the changes");

      registry.deregister("add");
      assertTrue(Peers.await(() -> !server.servedTools().contains("add"), Duration.ofSeconds(5)));
    }
  }

  /** Registers {@code name} and waits, checking each millisecond, until it is served. */
  private static long millisUntilServed(
      ToolRegistry registry, McpRegistryServer server, String name) throws InterruptedException {
    long changed = System.nanoTime();
    registry.register(Fixture.entry(name, "misc"));
    while (!server.servedTools().contains(name)
        && System.nanoTime() - changed < Duration.ofSeconds(5).toNanos()) {
      Thread.sleep(1);
    }
    return Duration.ofNanos(System.nanoTime() - changed).toMillis();
  }

  @Test
  void toolsThatAreUnavailableAreNotServedUntilTheChecksAreInvalidated() throws Exception {
    ToolRegistry registry = Fixture.registry();
    AtomicBoolean keyPresent = new AtomicBoolean(false);
    registry.register(
        ToolEntry.builder("sign", "signing")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .check(keyPresent::get)
            .handler((ToolHandler.Sync) (arguments, context) -> "{}")
            .build());
    try (PipedOutputStream client = new PipedOutputStream();
        McpRegistryServer server = serve(registry, client)) {
      assertEquals(List.of("add", "greet", "register_more"), server.servedTools());
      keyPresent.set(true);
      // The registry caches check results; the application knows they changed, and says so.
      registry.invalidateChecks();
      assertTrue(
          Peers.await(() -> server.servedTools().contains("sign"), Duration.ofSeconds(5)),
          server.servedTools().toString());
    }
  }

  @Test
  void nothingPollsTheRegistryWhileItDoesNotChange() throws Exception {
    ToolRegistry registry = ToolRegistry.builder().checkPolicy(CheckPolicy.uncached()).build();
    AtomicInteger checks = new AtomicInteger();
    registry.register(
        ToolEntry.builder("probe", "probing")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .check(() -> checks.incrementAndGet() > 0)
            .handler((ToolHandler.Sync) (arguments, context) -> "{}")
            .build());
    try (PipedOutputStream client = new PipedOutputStream();
        McpRegistryServer server = serve(registry, client)) {
      assertTrue(Peers.await(() -> checks.get() >= 2, Duration.ofSeconds(5))); // start-up syncs
      Thread.sleep(300);
      int settled = checks.get();
      Thread.sleep(1_500);
      assertEquals(settled, checks.get(), "the availability checks ran again with no change");
      assertEquals(List.of(), threadsNamed("watch"), "a polling thread is running");
    }
  }

  private static List<String> threadsNamed(String part) {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.startsWith("toolsmith-mcp") && name.contains(part))
        .toList();
  }

  @Test
  void anErrorObjectIsAnErrorResultAndAnythingElseIsNot() {
    assertTrue(ToolResults.isError("{\"error\":\"Unknown tool: x\"}"));
    assertFalse(ToolResults.isError("{\"result\":1}"));
    assertFalse(ToolResults.isError("plain text"));
    assertFalse(ToolResults.isError("{not json"));
  }
}
