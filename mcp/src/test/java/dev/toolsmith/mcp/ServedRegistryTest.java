package dev.toolsmith.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolHandler;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which tools are served and how a result is told to be an error, whatever the transport. */
@Timeout(60)
final class ServedRegistryTest {

  @Test
  void toolsOfUnavailableToolsetsAreNotServed() throws Exception {
    ToolRegistry registry = Fixture.registry();
    AtomicBoolean keyPresent = new AtomicBoolean(false);
    registry.register(ToolEntry.builder("sign", "signing")
        .schema("{\"type\":\"object\",\"properties\":{}}")
        .check(keyPresent::get)
        .handler((ToolHandler.Sync) (arguments, context) -> "{}")
        .build());
    // Served on stdio streams no client writes to: this test reads the served list only.
    try (PipedOutputStream client = new PipedOutputStream();
        McpRegistryServer server = McpRegistryServer.builder(registry)
            .pollInterval(Duration.ofHours(1)) // sync() by hand: no timing in this test
            .availabilityInterval(Duration.ZERO)
            .serveStdio(new PipedInputStream(client), OutputStream.nullOutputStream())) {
      assertEquals(List.of("add", "greet", "register_more"), server.servedTools());
      keyPresent.set(true);
      // The registry caches check results; the application knows they changed.
      registry.invalidateChecks();
      server.sync();
      assertEquals(List.of("add", "greet", "register_more", "sign"), server.servedTools());
      registry.deregister("add");
      server.sync();
      assertEquals(List.of("greet", "register_more", "sign"), server.servedTools());
    }
  }

  @Test
  void anErrorObjectIsAnErrorResultAndAnythingElseIsNot() {
    assertTrue(ServedRegistry.isError("{\"error\":\"Unknown tool: x\"}"));
    assertFalse(ServedRegistry.isError("{\"result\":1}"));
    assertFalse(ServedRegistry.isError("plain text"));
    assertFalse(ServedRegistry.isError("{not json"));
  }
}
